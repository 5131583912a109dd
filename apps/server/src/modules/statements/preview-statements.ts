/**
 * What the treasurer checks before sending a year's statements: the donors who get one, each with
 * the totals their statement will state (the same gifts and amounts as statement-document.ts), and
 * what the year had that is on no statement (test orders, gifts refunded in full) with the count.
 */
import {
  STATEMENT_PREVIEW_LIMIT,
  type StatementExclusion,
  type StatementRecipient,
} from '@store/shared/year-end-statements';
import { and, asc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { donorKeyOf } from '#src/modules/donors/donor-key';
import { orders } from '#src/modules/ledger/index';
import { giftAmount, giftDeductible } from './statement-document';
import { yearEndStatements } from './tables';
import { inCalendarYear, isRefundedInFull, withLatestCorrections } from './year-gifts';

export type StatementPreview = { recipients: StatementRecipient[]; exclusions: StatementExclusion[] };

type Totals = { email: string; name: string; gifts: number; totalCents: number; deductibleCents: number };

export async function previewStatements(db: Database, year: number, timeZone: string): Promise<StatementPreview> {
  // Every paid order of the year, test ones too: they are counted as left out, not silently dropped.
  const paid = await db
    .select({ ...getTableColumns(orders), donor: donorKeyOf(orders.email) })
    .from(orders)
    .where(and(eq(orders.status, 'succeeded'), inCalendarYear(year, timeZone)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const gifts = await withLatestCorrections(db, paid);

  const givers = new Map<string, Totals>();
  const left = { test: new Set<string>(), refunded: new Set<string>() };
  const leftGifts = { test: 0, refunded: 0 };
  for (const gift of gifts) {
    const reason = gift.test ? 'test' : isRefundedInFull(gift) ? 'refunded' : null;
    if (reason) {
      leftGifts[reason] += 1;
      left[reason].add(gift.donor);
      continue;
    }
    const totals = givers.get(gift.donor) ?? {
      email: gift.donor,
      name: '',
      gifts: 0,
      totalCents: 0,
      deductibleCents: 0,
    };
    // The latest gift's name, as the statement's "Donor" line has it.
    totals.name = `${gift.firstName} ${gift.lastName}`.trim();
    totals.gifts += 1;
    totals.totalCents += giftAmount(gift);
    totals.deductibleCents += giftDeductible(gift);
    givers.set(gift.donor, totals);
  }

  const exclusions: StatementExclusion[] = (['test', 'refunded'] as const)
    .filter((reason) => leftGifts[reason] > 0)
    .map((reason) => ({
      reason,
      gifts: leftGifts[reason],
      donorsWithout: [...left[reason]].filter((donor) => !givers.has(donor)).length,
    }));

  const shown = [...givers.values()]
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.email.localeCompare(b.email))
    .slice(0, STATEMENT_PREVIEW_LIMIT);
  const queuedBefore = new Set(
    shown.length === 0
      ? []
      : (
          await db
            .select({ email: yearEndStatements.email })
            .from(yearEndStatements)
            .where(
              and(
                eq(yearEndStatements.year, year),
                inArray(
                  yearEndStatements.email,
                  shown.map((r) => r.email),
                ),
              ),
            )
        ).map((r) => r.email),
  );
  return {
    recipients: shown.map((r) => ({ ...r, alreadyQueued: queuedBefore.has(r.email) })),
    exclusions,
  };
}
