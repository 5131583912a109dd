/**
 * What the treasurer checks before sending a year's statements: the donors who get one, each
 * statement (one per entity the donor gave to) with the totals it will state (the same gifts and
 * amounts as statement-document.ts), and what the year had that is on no statement (test orders,
 * gifts refunded in full) with the count.
 */
import {
  STATEMENT_PREVIEW_LIMIT,
  type StatementExclusion,
  type StatementRecipient,
} from '@store/shared/year-end-statements';
import { and, asc, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { donorKeyOf } from '#src/modules/donors/donor-key';
import { orders } from '#src/modules/ledger/index';
import { giftAmount, giftDeductible } from './statement-document';
import { DEFAULT_STATEMENT_ENTITY } from './statement-entities';
import { yearEndStatements } from './tables';
import { inCalendarYear, isRefundedInFull, withLatestCorrections } from './year-gifts';

/** A statement of the preview; the routes name its entity (staff-routes.ts). */
export type PreviewStatement = Omit<StatementRecipient, 'from'> & { entityKey: string; currency: string };

export type StatementPreview = { recipients: PreviewStatement[]; exclusions: StatementExclusion[] };

type Totals = Omit<PreviewStatement, 'alreadyQueued'>;

/** One row per statement and currency: an entity's gifts are in its currency, and amounts are never added across. */
const rowKey = (donor: string, entityKey: string, currency: string) => `${donor}\u0000${entityKey}\u0000${currency}`;

export async function previewStatements(db: Database, year: number, timeZone: string): Promise<StatementPreview> {
  // Every paid order of the year, test ones too: they are counted as left out, not silently dropped.
  const paid = await db
    .select({ ...getTableColumns(orders), donor: donorKeyOf(orders.email) })
    .from(orders)
    // An employer's match is not the donor's gift: their statement lists it outside the totals.
    .where(and(eq(orders.status, 'succeeded'), isNull(orders.matchesOrderId), inCalendarYear(year, timeZone)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const gifts = await withLatestCorrections(db, paid);

  const givers = new Map<string, Totals>();
  /** Each donor's latest name: their statements are listed together under it. */
  const donors = new Map<string, string>();
  const left = { test: new Set<string>(), refunded: new Set<string>() };
  const leftGifts = { test: 0, refunded: 0 };
  for (const gift of gifts) {
    const reason = gift.test ? 'test' : isRefundedInFull(gift) ? 'refunded' : null;
    if (reason) {
      leftGifts[reason] += 1;
      left[reason].add(gift.donor);
      continue;
    }
    const key = rowKey(gift.donor, gift.entityKey, gift.currency);
    const totals = givers.get(key) ?? {
      email: gift.donor,
      name: '',
      entityKey: gift.entityKey,
      currency: gift.currency,
      gifts: 0,
      totalCents: 0,
      deductibleCents: 0,
    };
    // The latest gift's name, as the statement's "Donor" line has it.
    totals.name = `${gift.firstName} ${gift.lastName}`.trim();
    totals.gifts += 1;
    totals.totalCents += giftAmount(gift);
    totals.deductibleCents += giftDeductible(gift);
    givers.set(key, totals);
    donors.set(gift.donor, totals.name);
  }

  const exclusions: StatementExclusion[] = (['test', 'refunded'] as const)
    .filter((reason) => leftGifts[reason] > 0)
    .map((reason) => ({
      reason,
      gifts: leftGifts[reason],
      donorsWithout: [...left[reason]].filter((donor) => !donors.has(donor)).length,
    }));

  const sorted = [...givers.values()].sort(
    (a, b) =>
      (donors.get(a.email) ?? '').localeCompare(donors.get(b.email) ?? '', 'en') ||
      a.email.localeCompare(b.email) ||
      // The US foundation's statement first, as the donor's dashboard lists them.
      Number(b.entityKey === DEFAULT_STATEMENT_ENTITY) - Number(a.entityKey === DEFAULT_STATEMENT_ENTITY) ||
      a.entityKey.localeCompare(b.entityKey) ||
      a.currency.localeCompare(b.currency),
  );
  // The first donors by name, each with every statement of theirs: a donor is never listed in part.
  const shownDonors = new Set<string>();
  for (const row of sorted) {
    if (shownDonors.size === STATEMENT_PREVIEW_LIMIT) break;
    shownDonors.add(row.email);
  }
  const shown = sorted.filter((r) => shownDonors.has(r.email));
  const queuedBefore = new Set(
    shown.length === 0
      ? []
      : (
          await db
            .select({ email: yearEndStatements.email, entityKey: yearEndStatements.entityKey })
            .from(yearEndStatements)
            .where(and(eq(yearEndStatements.year, year), inArray(yearEndStatements.email, [...shownDonors])))
        ).map((r) => `${r.email}\u0000${r.entityKey}`),
  );
  return {
    recipients: shown.map((r) => ({ ...r, alreadyQueued: queuedBefore.has(`${r.email}\u0000${r.entityKey}`) })),
    exclusions,
  };
}
