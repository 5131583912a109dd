/** The orders table's reads and the pending insert the checkout makes before calling the gateway. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders } from './tables';

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/**
 * Inserts the order as `pending`, or returns null when its Idempotency-Key is taken. The unique key
 * decides, in the database, which of many simultaneous requests with one key may charge the card.
 */
export async function insertPendingOrder(db: Database, values: Omit<NewOrder, 'status'>): Promise<Order | null> {
  const [order] = await db
    .insert(orders)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  return order ?? null;
}

export async function findOrderByIdempotencyKey(db: Database, key: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return order ?? null;
}

export async function findOrderById(db: Database, id: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order ?? null;
}
