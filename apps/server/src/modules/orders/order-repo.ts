/** The orders table's reads and the pending insert the checkout makes before calling the gateway. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oncePerDatabase, placeholdersFor } from '../../db/prepared';
import { type DeclineSubject, declineValues, declineWaitSeconds } from './decline-limit';
import { orders } from './tables';

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/** What the checkout knows of an order before it is charged. */
const PENDING_ORDER_FIELDS = [
  'id',
  'idempotencyKey',
  'requestHash',
  'amountCents',
  'centerId',
  'centerName',
  'firstName',
  'lastName',
  'studentName',
  'email',
  'mobile',
  'delivery',
  'products',
  'itemCount',
  'gateway',
  'clientIp',
  'userId',
] as const satisfies readonly (keyof NewOrder)[];

export type PendingOrderValues = Pick<NewOrder, (typeof PENDING_ORDER_FIELDS)[number]>;

const insertPendingOrderQuery = oncePerDatabase((db) =>
  db
    .insert(orders)
    .values({ ...placeholdersFor(PENDING_ORDER_FIELDS), status: 'pending' })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning()
    .prepare('checkout_insert_pending_order'),
);

/**
 * Inserts the order as `pending`, or returns null when its Idempotency-Key is taken. The unique key
 * decides, in the database, which of many simultaneous requests with one key may charge the card.
 */
export async function insertPendingOrder(db: Database, values: PendingOrderValues): Promise<Order | null> {
  const filled = Object.fromEntries(PENDING_ORDER_FIELDS.map((field) => [field, values[field] ?? null]));
  const [order] = await insertPendingOrderQuery(db).execute(filled);
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

const findOrderAndDeclineWaitQuery = oncePerDatabase((db) =>
  db
    .select({ order: orders, declineWaitSeconds: declineWaitSeconds(db) })
    .from(sql`(select 1) as one`)
    .leftJoin(orders, eq(orders.idempotencyKey, sql.placeholder('key')))
    .prepare('checkout_find_order_and_decline_wait'),
);

/**
 * The order already placed under this Idempotency-Key, if any, and the card-testing wait for this
 * donor, in one statement: both are asked before every checkout, and a round trip is most of what
 * a small query costs.
 */
export async function findOrderAndDeclineWait(
  db: Database,
  key: string,
  subject: DeclineSubject,
): Promise<{ order: Order | null; declineWaitSeconds: number }> {
  const [row] = await findOrderAndDeclineWaitQuery(db).execute({ key, ...declineValues(subject) });
  return { order: row?.order ?? null, declineWaitSeconds: row?.declineWaitSeconds ?? 0 };
}
