/**
 * A paid order whose money never arrived after all (the processor declined the settlement, days
 * after the sale): it becomes failed, found by the gateway's transaction id. Only a paid one: a
 * notification about an order already failed, or unknown here, changes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from './tables';

/** The ids of the orders it failed (none, or the one paid by that transaction). */
export async function failPaidOrder(
  db: Database,
  { transactionId, failureMessage }: { transactionId: string; failureMessage: string },
): Promise<string[]> {
  const failed = await db
    .update(orders)
    .set({ status: 'failed', failureMessage, updatedAt: sql`now()` })
    .where(and(eq(orders.transactionId, transactionId), eq(orders.status, 'succeeded')))
    .returning({ id: orders.id });
  return failed.map((row) => row.id);
}
