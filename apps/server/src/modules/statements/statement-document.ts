/**
 * A donor's year-end giving statement (issue 20) from one legal entity: every gift of the year to
 * that entity with its receipt number, date, amount and deductible part, and the year's totals, in
 * the foundation's zone. A summary of the receipts, which stay the official record: it says so. It
 * names the entity as its receipts do (statement-entities.ts) and is worded by the entity's rules:
 * the US foundation's as it always was, the Canadian charity's in the CRA's terms (an eligible
 * amount, not an official receipt), the UK charity's without a deduction (Gift Aid). Amounts are
 * in each gift's currency, each currency with its own totals (never added across: decision 0040).
 */
import { formatCents } from '@store/shared/money';
import type { Site } from '@store/shared/site';
import { receiptNumberOf } from '#src/modules/ledger/index';
import { formatDateTime } from '#src/modules/mail/date-format';
import { deductibleCents } from '#src/modules/receipts/deductible';
import type { StatementDocument } from '#src/modules/receipts/tax-document';
import { taxIssuer, taxWords } from '#src/modules/receipts/tax-words';
import type { StatementEntity } from './statement-entities';
import type { YearGift } from './year-gifts';

export type StatementOptions = {
  year: number;
  gifts: readonly YearGift[];
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>;
  /** When the statement is made (its 'Issued on' date). */
  issuedAt: Date;
  /** The entity it is from, `gifts` being that entity's; unset, the US foundation's. */
  entity?: StatementEntity | undefined;
};

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone });

/** What the foundation kept of a gift: less any refund its corrected receipt records. */
export function giftAmount(gift: YearGift): number {
  return gift.correction?.amountCents ?? gift.amountCents;
}

/**
 * A gift's deductible part as the order holds it (its latest corrected receipt's, correct-receipt.ts);
 * orders from before issue 20 are computed from their lines.
 */
export function giftDeductible(gift: YearGift): number {
  return gift.deductibleCents ?? deductibleCents(giftAmount(gift), gift.products);
}

type Wording = {
  /** The last column's and the last total's word for what counts for tax. */
  deductibleHeader: string | undefined;
  totals: (year: number) => [given: string, received: string, deductible: string];
  statements: (issuerName: string, year: number) => string[];
};

const US_WORDING: Wording = {
  deductibleHeader: undefined,
  totals: (year) => [`Total given in ${year}`, 'Value of goods or services received', `Total deductible in ${year}`],
  statements: (name, year) => [
    `This statement lists every gift you made to ${name} in ${year}, less any refunds. Each gift's receipt, numbered as above, is the official record for tax purposes; this statement sums them up.`,
    'Deductible amounts are what you paid minus the estimated fair market value of any goods or services you received (concert seats, books). Gifts to a Canadian center are receipted separately with a CRA official receipt.',
  ],
};

/** The CRA's terms: an advantage and an eligible amount; only the official receipts are claimed. */
const CRA_WORDING: Wording = {
  deductibleHeader: 'Eligible amount',
  totals: (year) => [`Total given in ${year}`, 'Value of advantages received', `Total eligible amount in ${year}`],
  statements: (name, year) => [
    `This statement lists every gift you made to ${name} in ${year}, less any refunds. ${taxWords.craNotOfficial} Each gift's official receipt, numbered as above, is the record to claim with; this statement sums them up.`,
    'The eligible amount of a gift is the amount given minus the value of any advantage received (concert seats, books).',
  ],
};

/** The UK has no deduction: the gift part is what Gift Aid may be claimed on. */
const GIFT_AID_WORDING: Wording = {
  deductibleHeader: 'Gift',
  totals: (year) => [`Total given in ${year}`, 'Value of goods or services received', `Total of the gifts in ${year}`],
  statements: (name, year) => [
    `This statement lists every gift you made to ${name} in ${year}, less any refunds. Each gift's receipt, numbered as above, says whether you declared it for Gift Aid.`,
    taxWords.ukNotTaxReceipt,
  ],
};

const WORDING = { 'us-irs': US_WORDING, 'ca-cra': CRA_WORDING, 'uk-gift-aid': GIFT_AID_WORDING } as const;

export function buildStatementDocument({ year, gifts, site, issuedAt, entity }: StatementOptions): StatementDocument {
  const timeZone = site.foundation.timeZone;
  const latest = gifts.at(-1);
  const day = dayFormat(timeZone);
  const currencies = [...new Set(gifts.map((g) => g.currency))];
  const address = latest?.donorAddress;
  const wording = WORDING[entity?.rules ?? 'us-irs'];
  // The US foundation's statement names the foundation as it always has; another entity's, its legal name.
  const giftsTo = entity && entity.rules !== 'us-irs' ? entity.issuer.name : site.foundation.name;
  return {
    type: 'statement',
    title: `Year-end giving statement ${year}`,
    testNotice: null,
    issuer: entity?.issuer ?? taxIssuer(site.taxReceipts, 'US', site.foundation),
    ...(wording.deductibleHeader ? { deductibleHeader: wording.deductibleHeader } : {}),
    facts: [
      { label: 'Donor', value: latest ? `${latest.firstName} ${latest.lastName}`.trim() : '' },
      ...(address
        ? [
            {
              label: 'Donor address',
              value: `${address.street}, ${address.city}, ${address.province} ${address.postalCode}`,
            },
          ]
        : []),
      { label: 'E-mail', value: latest?.email ?? '' },
      { label: 'Calendar year', value: `January 1 – December 31, ${year} (${timeZone} time)` },
      { label: 'Issued on', value: formatDateTime(issuedAt, timeZone) },
      { label: 'Gifts', value: String(gifts.length) },
    ],
    gifts: gifts.map((g) => ({
      // A corrected gift is listed under its corrected receipt's number.
      receiptNumber: g.correction?.receiptNumber ?? receiptNumberOf(g, timeZone),
      date: day.format(g.createdAt),
      center: g.centerName,
      amount: formatCents(giftAmount(g), g.currency),
      deductible: formatCents(giftDeductible(g), g.currency),
    })),
    totals: (currencies.length > 0 ? currencies : [entity?.currency ?? 'USD']).flatMap((currency) =>
      currencyTotals(
        gifts.filter((g) => g.currency === currency),
        wording.totals(year),
        currency,
        currencies.length > 1,
      ),
    ),
    statements: wording.statements(giftsTo, year),
    signature: null,
    footer: [site.foundation.url],
  };
}

/** One currency's totals; named with the currency when the statement has gifts in more than one. */
function currencyTotals(
  gifts: readonly YearGift[],
  [given, received, deductible]: readonly [string, string, string],
  currency: string,
  named: boolean,
) {
  const total = gifts.reduce((sum, g) => sum + giftAmount(g), 0);
  const deductibleSum = gifts.reduce((sum, g) => sum + giftDeductible(g), 0);
  const suffix = named ? ` (${currency})` : '';
  return [
    { label: `${given}${suffix}`, value: formatCents(total, currency) },
    { label: `${received}${suffix}`, value: formatCents(total - deductibleSum, currency) },
    { label: `${deductible}${suffix}`, value: formatCents(deductibleSum, currency) },
  ];
}
