/**
 * The center an order was given at, whoever asks: told to a volunteer whose center does not hold the
 * order, so the back office can say it belongs elsewhere instead of "No order". Null: no such order.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';

export async function findOrderCenter(db: Database, orderId: string): Promise<string | null> {
  const [row] = await db.select({ centerName: orders.centerName }).from(orders).where(eq(orders.id, orderId));
  return row?.centerName ?? null;
}
