/**
 * What has been refunded or voided of an order: moved only in the transaction that settles the
 * refund, or voids the offline gift, with its corrected receipt (the report's triggers follow it).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from './tables';

/** `refundedCents`: all that has been taken back of the order so far, this refund included. */
export async function recordRefundedCents(
  tx: Pick<Database, 'update'>,
  orderId: string,
  refundedCents: number,
): Promise<void> {
  await tx.update(orders).set({ refundedCents, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
}
