/**
 * The treasurer's matching list: the paid card gifts whose donor said their employer
 * matches gifts (orders.matching_employer), newest first by (created_at, id) keyset as the other
 * back-office lists, each with the employer's payment once it is recorded (the offline order whose
 * matches_order_id is the gift). The flagged gifts are found through `orders_matching_employer_idx`
 * (partial, on created_at) and their matches through the unique `orders_matches_order_idx`.
 */
import type { MatchingGift, MatchingStatus } from '@store/shared/matching';
import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { encodeCursor, type PagePosition } from '#src/modules/report/cursor';

export const MATCHING_PAGE_SIZE = 50;

export type ListMatchingOptions = {
  status?: MatchingStatus | undefined;
  after?: PagePosition | undefined;
  /** One gift (the row the mark answers with). */
  orderId?: string | undefined;
};

const matches = alias(orders, 'match');

/** A gift the list shows: paid by card and flagged. Offline gifts are never flagged (no checkout). */
export const flaggedGift = (): SQL =>
  and(isNotNull(orders.matchingEmployer), eq(orders.status, 'succeeded'), eq(orders.source, 'card')) as SQL;

export async function listMatchingGifts(
  db: Database,
  options: ListMatchingOptions,
): Promise<{ gifts: MatchingGift[]; nextCursor: string | null }> {
  const conditions: SQL[] = [flaggedGift()];
  if (options.status === 'awaiting') conditions.push(isNull(matches.id));
  if (options.status === 'matched') conditions.push(isNotNull(matches.id));
  if (options.orderId) conditions.push(eq(orders.id, options.orderId));
  if (options.after) {
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${options.after.createdAt}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      orderId: orders.id,
      // Microseconds for the cursor; the row answers milliseconds.
      createdAt: sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      firstName: orders.firstName,
      lastName: orders.lastName,
      email: orders.email,
      employer: sql<string>`${orders.matchingEmployer}`,
      amountCents: orders.amountCents,
      refundedCents: orders.refundedCents,
      currency: orders.currency,
      centerName: orders.centerName,
      receiptNumber: orders.receiptNumber,
      matchId: matches.id,
      matchAmountCents: matches.amountCents,
      matchReceivedOn: matches.receivedOn,
      matchMethod: matches.offlineMethod,
      matchReference: matches.offlineReference,
      matchReceiptNumber: matches.receiptNumber,
    })
    .from(orders)
    .leftJoin(matches, eq(matches.matchesOrderId, orders.id))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MATCHING_PAGE_SIZE + 1);
  const page = rows.slice(0, MATCHING_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > MATCHING_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.orderId }) : null;
  return {
    gifts: page.map((row) => ({
      orderId: row.orderId,
      createdAt: `${row.createdAt.slice(0, 23)}Z`,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      employer: row.employer,
      amountCents: row.amountCents,
      refundedCents: row.refundedCents,
      currency: row.currency,
      centerName: row.centerName,
      receiptNumber: row.receiptNumber,
      match:
        row.matchId === null
          ? null
          : {
              orderId: row.matchId,
              amountCents: row.matchAmountCents ?? 0,
              receivedOn: row.matchReceivedOn ?? '',
              // A match is only ever recorded by cheque or bank transfer (markMatchedRequestSchema).
              method: row.matchMethod === 'bank_transfer' ? 'bank_transfer' : 'cheque',
              reference: row.matchReference ?? '',
              receiptNumber: row.matchReceiptNumber,
            },
    })),
    nextCursor,
  };
}
