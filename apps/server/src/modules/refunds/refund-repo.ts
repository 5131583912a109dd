/** The refunds table's SQL (tables.ts): what the service, the settlement and the reconciler read and write. */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { refunds } from './tables';

export type Refund = typeof refunds.$inferSelect;
export type NewRefund = typeof refunds.$inferInsert;
export type RefundOrder = typeof orders.$inferSelect;

type Reader = Pick<Database, 'select'>;

export async function findRefundByKey(db: Reader, idempotencyKey: string): Promise<Refund | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function findRefundById(db: Reader, id: string): Promise<Refund | null> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row ?? null;
}

export async function findOrder(db: Reader, orderId: string): Promise<RefundOrder | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** The order's row lock: refunds of one order are decided one after the other. */
export async function lockOrder(tx: Reader, orderId: string): Promise<RefundOrder | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/** What pending refunds of the order hold back: asked of the gateway, not settled yet. */
export async function pendingCents(db: Reader, orderId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'pending')));
  return row?.cents ?? 0;
}

/** What is still refundable: paid, less what was refunded, less what is being refunded. */
export function leftCents(order: RefundOrder, pending: number): number {
  return order.amountCents - order.refundedCents - pending;
}

/** The pending row; null when another request took the key first (unique constraint). */
export async function insertPendingRefund(tx: Pick<Database, 'insert'>, values: NewRefund): Promise<Refund | null> {
  const [row] = await tx
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  return row ?? null;
}

export async function listOrderRefunds(db: Reader, orderId: string): Promise<Refund[]> {
  return db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt, refunds.id);
}
