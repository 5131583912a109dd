/**
 * Refunds and voids of paid orders (issue 21; DESIGN.md "Money and orders"). A row is written
 * `pending` BEFORE the gateway is called, with our id given to the gateway, then moved to
 * `succeeded` (and the order's refunded_cents moved in the same transaction) or `failed`. A
 * `pending` row left by a crash is settled by the refund reconciler, which asks the gateway.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '#src/modules/ledger/index';

export type RefundStatus = 'pending' | 'succeeded' | 'failed';
/** 'void': the sale was not settled yet and is cancelled whole; 'refund': money goes back. */
export type RefundKind = 'void' | 'refund';

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** The Idempotency-Key of the request: a double click or a retry returns the first answer. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestHash: text('request_hash').notNull(),
    /** Decided before the gateway is called (refund-kind.ts); the gateway's answer may change it. */
    kind: text('kind').$type<RefundKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<RefundStatus>().notNull(),
    /** The gateway's id for the refund (Braintree: the refund transaction; a void keeps the sale's id). */
    gatewayRefundId: text('gateway_refund_id'),
    failureMessage: text('failure_message'),
    /** The corrected or void receipt issued with it (receipt_corrections.id). */
    correctionId: uuid('correction_id'),
    staffId: uuid('staff_id'),
    /** Set by the refund reconciler when it settled a row left pending by a crash. */
    reconciled: boolean('reconciled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    check('refunds_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('refunds_kind_known', sql`${t.kind} in ('void', 'refund')`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'pending'`),
  ],
);
