/**
 * The employers' payments matching a set of gifts, for the donor's statement: each is an
 * offline order with matches_order_id (mark-matched.ts), the employer's gift and not the donor's, so
 * the statement lists it under the gift it matched, outside the donor's totals. A voided match (a
 * mistaken entry, refunded in full) is left out.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';

export type EmployerMatchOfGift = {
  /** The name on the donor's gift (orders.matching_employer), as the match's line says it. */
  employer: string;
  amountCents: number;
  currency: string;
  receivedOn: string;
};

const SLICE = 1000;

const matched = alias(orders, 'matched');

/** By the matched gift's id. */
export async function employerMatchesOf(
  db: Database,
  giftIds: readonly string[],
): Promise<Map<string, EmployerMatchOfGift>> {
  const found = new Map<string, EmployerMatchOfGift>();
  // In slices: a whole year's gifts would pass PostgreSQL's parameter limit.
  for (let from = 0; from < giftIds.length; from += SLICE) {
    const ids = giftIds.slice(from, from + SLICE);
    const rows = await db
      .select({
        giftId: sql<string>`${orders.matchesOrderId}`,
        employer: matched.matchingEmployer,
        amountCents: sql<number>`${orders.amountCents} - ${orders.refundedCents}`,
        currency: orders.currency,
        receivedOn: sql<string>`coalesce(${orders.receivedOn}, '')`,
      })
      .from(orders)
      .innerJoin(matched, eq(matched.id, orders.matchesOrderId))
      .where(
        and(
          inArray(orders.matchesOrderId, ids),
          sql`${orders.status} = 'succeeded' and ${orders.refundedCents} < ${orders.amountCents}`,
        ),
      );
    for (const row of rows) {
      found.set(row.giftId, { ...row, employer: row.employer ?? '', amountCents: Number(row.amountCents) });
    }
  }
  return found;
}
