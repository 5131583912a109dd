/**
 * One order as the back office lists it (issue 21): the orders page, a donor's gifts. Here, beside
 * the orders table, so every module that lists orders for staff reads them the same way.
 */
import type { StaffOrder } from '@store/shared/staff';
import { sql } from 'drizzle-orm';
import { orders } from '#src/modules/ledger/index';

const createdAtUtc = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One order as the back office lists it (orders, a donor's gifts). */
export const orderColumns = {
  id: orders.id,
  createdAt: createdAtUtc,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  centerId: orders.centerId,
  centerName: orders.centerName,
  amountCents: orders.amountCents,
  refundedCents: orders.refundedCents,
  currency: orders.currency,
  source: orders.source,
  status: orders.status,
  transactionId: orders.transactionId,
  receiptNumber: orders.receiptNumber,
  test: orders.test,
  receivedOn: orders.receivedOn,
};

export type OrderRecord = { [K in keyof typeof orderColumns]: StaffOrder[K] };

export function toStaffOrder(record: OrderRecord): StaffOrder {
  // Milliseconds, the usual ISO shape; the cursor keeps the microseconds.
  return { ...record, createdAt: `${record.createdAt.slice(0, 23)}Z` };
}
