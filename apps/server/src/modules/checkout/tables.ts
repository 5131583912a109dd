/**
 * Orders (DESIGN.md "Money and orders"). A row is written `pending` BEFORE the gateway is called,
 * with our id as the gateway's order id, then moved to `succeeded` or `failed`. Money is integer cents.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '#src/modules/auth/tables';

export type OrderStatus = 'pending' | 'succeeded' | 'failed';

/** A bucket line as the server priced it from the catalogue (never the browser's price for fixed items). */
export type OrderProduct = { id: number; name: string; unitCents: number; quantity: number; custom: boolean };

export type OrderDelivery = {
  pickup: boolean;
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip?: string | undefined;
};

/** What was answered to the browser, replayed as-is when the same Idempotency-Key comes again. */
export type StoredAnswer =
  | { success: true; transactionId: string; orderId: string }
  | { success: false; message: string; orderId: string };

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** sha256 of the validated body: the same key with another body is refused, not replayed. */
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    centerId: integer('center_id').notNull(),
    centerName: text('center_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    studentName: text('student_name'),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    delivery: jsonb('delivery').$type<OrderDelivery>(),
    products: jsonb('products').$type<OrderProduct[]>().notNull(),
    itemCount: integer('item_count').notNull(),
    gateway: text('gateway').$type<'sandbox' | 'braintree'>().notNull(),
    /**
     * Taken by a gateway that moves no money (the offline sandbox, Braintree's sandbox environment):
     * its receipt says so and the report marks it (issue 18). Set at insert, from the gateway.
     */
    test: boolean('test').notNull().default(false),
    transactionId: text('transaction_id'),
    processorCode: text('processor_code'),
    processorText: text('processor_text'),
    failureMessage: text('failure_message'),
    answer: jsonb('answer').$type<StoredAnswer>(),
    clientIp: text('client_ip'),
    /** The signed-in visitor who paid, if any (accounts issue): their dashboard lists the order. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set by the reconciler when it settled a pending order left by a crash. */
    reconciled: boolean('reconciled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_amount_positive', sql`${t.amountCents} > 0`),
    check('orders_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    index('orders_user_idx').on(t.userId),
    // The card-testing limit counts the attempts still at the gateway (decline-limit.ts): pending
    // orders are few at any time, so these stay small however many orders there are.
    index('orders_pending_client_ip_idx').on(t.clientIp).where(sql`${t.status} = 'pending'`),
    index('orders_pending_email_idx').on(sql`lower(${t.email})`).where(sql`${t.status} = 'pending'`),
    // The payment report (modules/report) reads succeeded orders newest first, by (created_at, id)
    // keyset: ascending indexes scanned backward serve `order by created_at desc, id desc`.
    index('orders_report_created_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'succeeded'`),
    index('orders_report_center_created_idx').on(t.centerId, t.createdAt, t.id).where(sql`${t.status} = 'succeeded'`),
    // The report's search: exact transaction id; "contains" on name or e-mail needs trigrams (pg_trgm,
    // created by the migration; PGlite loads it in db/client.ts). ILIKE uses gin_trgm_ops directly.
    index('orders_transaction_id_idx').on(t.transactionId),
    index('orders_report_name_trgm_idx')
      .using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`)
      .where(sql`${t.status} = 'succeeded'`),
    index('orders_report_email_trgm_idx')
      .using('gin', sql`${t.email} gin_trgm_ops`)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/** Declined payments, counted per address and per e-mail to slow card testers. */
export const paymentDeclines = pgTable(
  'payment_declines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientIp: text('client_ip').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_declines_ip_idx').on(t.clientIp, t.createdAt),
    index('payment_declines_email_idx').on(t.email, t.createdAt),
  ],
);
