/**
 * The reconciler's claim: stale pending orders are taken for one process by moving their updated_at
 * to now, in one statement with FOR UPDATE SKIP LOCKED, so two processes on one PostgreSQL never ask
 * the gateway about the same order at once, and no transaction stays open while it answers.
 */
import { and, asc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { Order } from './orders';
import { orders } from './tables';

/** `now() - ms`, in the database's clock (all processes share it). */
function ago(ms: number): SQL {
  return sql`now() - ${sql.raw(`interval '${Math.max(0, Math.floor(ms))} milliseconds'`)}`;
}

export type StaleOrdersClaim = {
  /** Only orders pending for at least this long. */
  olderThanMs: number;
  /** A claimed order is left to its claimer this long; then another run (any process) may take it. */
  leaseMs: number;
  /** At most this many orders. */
  limit: number;
};

/**
 * Takes up to `limit` stale pending orders, oldest first. A pending order is only ever updated by a
 * claim, so `updated_at = created_at` means nobody has claimed it yet.
 */
export async function claimStalePendingOrders(
  db: Database,
  { olderThanMs, leaseMs, limit }: StaleOrdersClaim,
): Promise<Order[]> {
  const stale = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        lte(orders.createdAt, ago(olderThanMs)),
        or(eq(orders.updatedAt, orders.createdAt), lte(orders.updatedAt, ago(leaseMs))),
      ),
    )
    // Oldest first; the id breaks ties, so the order is total.
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(and(inArray(orders.id, stale), eq(orders.status, 'pending')))
    .returning();
}
