/**
 * Which legal entity each year-end statement is from (decision 0040): a donor who gave to the US
 * foundation and to the Canadian charity in a year gets one statement from each, since each entity
 * receipts its own gifts in its own currency under its own tax rules. A statement is addressed by
 * (year, donor, entity key); an address without an entity (the URLs and rows from before there
 * were entities) means the donor's default statement of that year: the US entity's when they gave
 * to it, else the first of theirs.
 */
import {
  DEFAULT_ENTITIES,
  type EntityCountry,
  type ReceiptRules,
  RULES_OF_COUNTRY,
  type Site,
} from '@store/shared/site';
import type { TaxIssuer } from '#src/modules/receipts/tax-document';
import { taxIssuer } from '#src/modules/receipts/tax-words';

/**
 * The US foundation's key: every order written before entities, and every order the ledger writes
 * without one, carries it (orders.entity_key's default), so a statement without an entity is its.
 */
export const DEFAULT_STATEMENT_ENTITY = 'us';

export type StatementEntity = {
  key: string;
  country: EntityCountry;
  currency: string;
  rules: ReceiptRules;
  /** Who the statement names, as the entity's receipts do: legal name, address, tax identifiers. */
  issuer: TaxIssuer;
};

type EntitySite = Pick<Site, 'foundation' | 'centers' | 'taxReceipts'> & Partial<Pick<Site, 'entities'>>;

/**
 * The entity `key` names. One the site no longer lists (the owner may add entities at run time)
 * follows the country of its gifts' center, as a receipt does when its center has no entity.
 */
export function statementEntity(
  site: EntitySite,
  key: string,
  gifts: readonly { centerId: number; currency: string }[] = [],
): StatementEntity {
  const listed = (site.entities ?? DEFAULT_ENTITIES).find((e) => e.key === key);
  if (listed) {
    return {
      key,
      country: listed.country,
      currency: listed.currency,
      rules: listed.receipts,
      issuer: taxIssuer(site.taxReceipts, listed.country, site.foundation),
    };
  }
  const first = gifts[0];
  const country = site.centers.find((c) => c.id === first?.centerId)?.country ?? 'US';
  return {
    key,
    country,
    currency: first?.currency ?? 'USD',
    rules: RULES_OF_COUNTRY[country],
    issuer: taxIssuer(site.taxReceipts, country, site.foundation),
  };
}

/** The site's entities in their order (the US foundation first), then any it no longer lists. */
export function entityOrder(site: Partial<Pick<Site, 'entities'>>, keys: Iterable<string>): string[] {
  const listed = (site.entities ?? DEFAULT_ENTITIES).map((e) => e.key);
  const rank = (key: string) => (listed.includes(key) ? listed.indexOf(key) : listed.length);
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A donor's gifts of a year, by entity, in the site's entity order. */
export function giftsByEntity<G extends { entityKey: string }>(
  site: Partial<Pick<Site, 'entities'>>,
  gifts: readonly G[],
): { entityKey: string; gifts: G[] }[] {
  return entityOrder(
    site,
    gifts.map((g) => g.entityKey),
  ).map((entityKey) => ({ entityKey, gifts: gifts.filter((g) => g.entityKey === entityKey) }));
}

/** Which of a donor's entities an address without one means: the US foundation's, else the first. */
export function defaultStatementEntity(orderedKeys: readonly string[]): string | undefined {
  return orderedKeys.includes(DEFAULT_STATEMENT_ENTITY) ? DEFAULT_STATEMENT_ENTITY : orderedKeys[0];
}

/**
 * The PDF's file name. The US foundation's keeps the name it always had; another entity's names
 * it and its currency, so two statements of one year saved side by side are told apart.
 */
export function statementFileName(year: number, entity: Pick<StatementEntity, 'key' | 'currency'>): string {
  return entity.key === DEFAULT_STATEMENT_ENTITY
    ? `giving-statement-${year}.pdf`
    : `giving-statement-${year}-${entity.key}-${entity.currency.toLowerCase()}.pdf`;
}
