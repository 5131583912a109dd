/**
 * A 'starting' gift (written with the checkout's pending order, before the first charge) follows its
 * first order: paid → 'active', refused → 'cancelled'. The checkout calls this for its order right
 * after settling it; the billing run calls it for all (a crash between the two is mended there).
 * One statement, guarded by `status = 'starting'`: applying it twice changes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { monthlyGifts } from './tables';

export type StartedGifts = { activated: number; cancelled: number };

export async function settleStartingGifts(db: Database, orderId?: string): Promise<StartedGifts> {
  const settledFirstOrders = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(inArray(orders.status, ['succeeded', 'failed']), orderId === undefined ? undefined : eq(orders.id, orderId)),
    );
  const paid = sql`(select ${orders.status} from ${orders} where ${orders.id} = ${monthlyGifts.firstOrderId}) = 'succeeded'`;
  const rows = await db
    .update(monthlyGifts)
    .set({
      status: sql`case when ${paid} then 'active' else 'cancelled' end`,
      cancelledAt: sql`case when ${paid} then null else now() end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(monthlyGifts.status, 'starting'), inArray(monthlyGifts.firstOrderId, settledFirstOrders)))
    .returning({ status: monthlyGifts.status });
  const activated = rows.filter((r) => r.status === 'active').length;
  return { activated, cancelled: rows.length - activated };
}
