/**
 * The back office's orders (issue 21): a page of them newest first by (created_at, id) keyset, and
 * one order with its products and refunds. A volunteer's reads are limited to their own center
 * (`centerScope`); another center's order reads as none here (the route then says whose it is).
 */
import type { StaffOrder, StaffOrderDetail } from '@store/shared/staff';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { containsPattern } from '#src/db/contains-pattern';
import { admins } from '#src/modules/admins/tables';
import { orderColumns, toStaffOrder } from '#src/modules/checkout/staff-order-row';
import { orders, receiptCorrections } from '#src/modules/ledger/index';
import { encodeCursor, type PagePosition } from '#src/modules/report/cursor';
import { staffTribute } from '#src/modules/tributes/staff-tribute';
import { listOrderRefunds, type Refund } from './refund-repo';

export const STAFF_PAGE_SIZE = 50;

export type StaffOrderQuery = {
  q?: string | undefined;
  center?: number | undefined;
  after?: PagePosition | undefined;
  /** A volunteer's own center: nothing outside it is read. */
  centerScope?: number | undefined;
};

function searchCondition(q: string): SQL {
  const pattern = containsPattern(q);
  return sql`((${orders.firstName} || ' ' || ${orders.lastName}) ilike ${pattern} or ${orders.email} ilike ${pattern}
    or ${orders.transactionId} = ${q} or ${orders.receiptNumber} = ${q})`;
}

export async function listStaffOrders(
  db: Database,
  query: StaffOrderQuery,
): Promise<{ orders: StaffOrder[]; nextCursor: string | null }> {
  const conditions: SQL[] = [];
  if (query.centerScope !== undefined) conditions.push(eq(orders.centerId, query.centerScope));
  if (query.center !== undefined) conditions.push(eq(orders.centerId, query.center));
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.after) {
    conditions.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  // One row more than shown tells whether another page exists, without counting.
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(STAFF_PAGE_SIZE + 1);
  const page = rows.slice(0, STAFF_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > STAFF_PAGE_SIZE && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null;
  return { orders: page.map(toStaffOrder), nextCursor };
}

export async function refundSummaries(db: Database, refunds: Refund[]) {
  const names = new Map<string, string>();
  for (const staffId of new Set(refunds.map((r) => r.staffId).filter((id): id is string => id !== null))) {
    const [admin] = await db.select({ username: admins.username }).from(admins).where(eq(admins.id, staffId));
    if (admin) names.set(staffId, admin.username);
  }
  return refunds.map((refund) => ({
    id: refund.id,
    kind: refund.kind,
    amountCents: refund.amountCents,
    reason: refund.reason,
    status: refund.status,
    failureMessage: refund.failureMessage,
    staffName: refund.staffId ? (names.get(refund.staffId) ?? null) : null,
    createdAt: refund.createdAt.toISOString(),
  }));
}

/** Null when there is no such order, or it is outside the volunteer's center. */
export async function findStaffOrder(
  db: Database,
  orderId: string,
  centerScope: number | undefined,
): Promise<StaffOrderDetail | null> {
  const scope = centerScope === undefined ? [] : [eq(orders.centerId, centerScope)];
  const [row] = await db
    .select({
      ...orderColumns,
      products: orders.products,
      deductibleCents: orders.deductibleCents,
      paymentMethod: orders.paymentMethod,
      offlineMethod: orders.offlineMethod,
      offlineReference: orders.offlineReference,
      tribute: orders.tribute,
      matchingEmployer: orders.matchingEmployer,
      matchesOrderId: orders.matchesOrderId,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), ...scope));
  if (!row) return null;
  const [correction] = await db
    .select({ receiptNumber: receiptCorrections.receiptNumber })
    .from(receiptCorrections)
    .where(eq(receiptCorrections.orderId, orderId))
    .orderBy(desc(receiptCorrections.version))
    .limit(1);
  const { products, tribute, matchingEmployer, matchesOrderId, ...order } = row;
  return {
    ...toStaffOrder(order),
    products: products.map((p) => ({
      name: p.name,
      unitCents: p.unitCents,
      quantity: p.quantity,
      ...(p.note ? { note: p.note } : {}),
    })),
    deductibleCents: row.deductibleCents,
    paymentMethod: row.paymentMethod,
    offlineMethod: row.offlineMethod,
    offlineReference: row.offlineReference,
    refunds: await refundSummaries(db, await listOrderRefunds(db, orderId)),
    correctedReceiptNumber: correction?.receiptNumber ?? null,
    tribute: await staffTribute(db, orderId, tribute),
    matchingEmployer,
    matchesOrderId,
  };
}
