/**
 * The ledger's tables (DESIGN.md "Money and orders"): orders and their receipts' corrections. An
 * order is written `pending` BEFORE the gateway is called, with our id as the gateway's order id,
 * then moved to `succeeded` or `failed`. Money is integer minor units of the order's currency.
 */

import type { GiftAidDeclaration } from '@store/shared/gift-aid';
import type { Tribute } from '@store/shared/gift-extras';
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { knownLocale, localeColumn } from '#src/db/locale-column';
import { users } from '#src/modules/auth/tables';

export type OrderStatus = 'pending' | 'succeeded' | 'failed';
export type OrderSource = 'card' | 'offline';
export type OfflineMethod = 'cash' | 'cheque' | 'bank_transfer';

/**
 * A bucket line as the server priced it from the catalogue (never the browser's price for fixed
 * items). Issue 20: what the donor gets back for it, from the item's `benefit` in site.json at the
 * time of the order: `benefit` 'none' (a pure gift), 'goods'/'services' with its fair market value
 * per unit, or 'purchase' (a sale: the whole price is value received). Absent on older orders.
 */
export type OrderProduct = {
  id: number;
  name: string;
  unitCents: number;
  quantity: number;
  custom: boolean;
  benefit?: 'none' | 'goods' | 'services' | 'purchase';
  benefitDescription?: string;
  /** Fair market value received per unit, in cents (the unit price for a purchase). */
  fairMarketValueCents?: number;
  /** Issue 22: a monthly gift's line (its first month in the checkout's order; every charge after). */
  monthly?: boolean;
  /** An offline gift's line named after its cause: what the treasurer wrote of it. */
  note?: string;
};

/** The donor's own address, asked for a Canadian (CRA) receipt. */
export type DonorAddress = { street: string; city: string; province: string; postalCode: string };

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
    /** The entity's currency (site.ts `entities`): every amount of this order is in its minor units. */
    currency: text('currency').notNull().default('USD'),
    /** The legal entity that took the gift (its center's country's): its receipt series numbered it. */
    entityKey: text('entity_key').notNull().default('us'),
    /** A UK gift's Gift Aid declaration, as the donor made it at checkout (null: none made). */
    giftAid: jsonb('gift_aid').$type<GiftAidDeclaration>(),
    /**
     * The home currency's units per one of `currency` it was counted at (exchange_rates, the day's
     * rate when the order was written; 1 in the home currency), and the amount at that rate. Null
     * until a rate for its day exists: entering that day's rate fills them, and nothing moves them
     * after, so a later rate never restates a closed month (decision 0040).
     */
    homeRate: numeric('home_rate', { precision: 20, scale: 10 }),
    homeAmountCents: integer('home_amount_cents'),
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
    /** 'offline' for a gift staff recorded (cash, cheque, bank transfer): no gateway moved it. */
    gateway: text('gateway').$type<'sandbox' | 'braintree' | 'offline'>().notNull(),
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
    /**
     * Issue 20. The deductible part of the amount (amount minus the fair market value of what the
     * donor received, never below 0), computed when the order is written; null on older orders.
     * A corrected or void receipt sets it to its own figure in the same transaction
     * (correct-receipt.ts), so every screen, the report and the statements read what the latest
     * receipt says.
     */
    deductibleCents: integer('deductible_cents'),
    donorAddress: jsonb('donor_address').$type<DonorAddress>(),
    /**
     * How it was paid, as a receipt names it: 'Visa ending in 1111', 'PayPal', 'Apple Pay, Visa
     * ending in 1111' (payment-methods.ts `paymentMethodLabel`). Never more of a card than that.
     */
    paymentMethod: text('payment_method'),
    /** The method's kind (payment-methods.ts); null on orders before wallets (cards) and offline gifts. */
    paymentKind: text('payment_kind').$type<PaymentMethodKind>(),
    /**
     * The processing fee the donor added so that all of the gift reaches the foundation
     * (processing-fee.ts), in cents; part of `amount_cents` and of the deductible part like the gift.
     */
    feeCoveredCents: integer('fee_covered_cents').notNull().default(0),
    /** The gift is in honour or in memory of someone (gift-extras.ts); its card, if any, is tribute_cards'. */
    tribute: jsonb('tribute').$type<Tribute>(),
    /** The donor's employer matches gifts: its name, for the treasurer's matching list. */
    matchingEmployer: text('matching_employer'),
    /**
     * An offline gift that is an employer's match of a donor's gift: the gift it matches (one match
     * each). The donor's statement lists it beside the gift, as not deductible by the donor.
     */
    matchesOrderId: uuid('matches_order_id'),
    /**
     * The receipt's number ('2026-000123', with the configured prefix), its calendar year and place in
     * it: given in the settlement's statement (receipts/receipt-number.ts). Null on orders settled
     * before issue 20 (they keep their R-YYYYMMDD-XXXXXX numbers) and on unpaid ones.
     */
    receiptNumber: text('receipt_number').unique(),
    receiptYear: integer('receipt_year'),
    receiptSeq: integer('receipt_seq'),
    /**
     * A Canadian center's gift paid without the donor's complete address: the CRA official receipt
     * needs it, so the order takes no number from the series when it is settled and its receipt says
     * it is not an official one. Set when the order is written; cleared, with the number taken, in
     * the one statement that issues the official receipt once the donor adds the address
     * (issue-official-receipt.ts).
     */
    receiptAwaitsAddress: boolean('receipt_awaits_address').notNull().default(false),
    /** When that official receipt was issued (null: with the settlement, on the gift's date). */
    receiptIssuedAt: timestamp('receipt_issued_at', { withTimezone: true }),
    /**
     * Issue 21. All that has been refunded or voided of this order, in cents (refunds table); the
     * report and statements count `amount_cents - refunded_cents`. Moved in the refund's settling
     * transaction only.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** 'card' (the checkout) or 'offline' (cash, cheque or bank transfer recorded by staff). */
    source: text('source').$type<OrderSource>().notNull().default('card'),
    offlineMethod: text('offline_method').$type<OfflineMethod>(),
    /** The cheque number or bank reference of an offline gift. */
    offlineReference: text('offline_reference'),
    /** The day an offline gift was received ('YYYY-MM-DD'); its receipt is dated so. */
    receivedOn: text('received_on'),
    /** The staff member who recorded an offline gift. */
    recordedBy: uuid('recorded_by'),
    /**
     * Issue 22: a charge of a monthly gift by the billing run (monthly-giving/tables.ts): the gift, the
     * period ('YYYY-MM') it pays, and which try in that period (1, then a retry after each decline).
     * Null on checkout orders (a gift's first month is its `first_order_id`).
     */
    monthlyGiftId: uuid('monthly_gift_id'),
    billingPeriod: text('billing_period'),
    chargeAttempt: integer('charge_attempt'),
    /**
     * The language the donor gave in (the checkout request's; a monthly charge's is its gift's):
     * the receipt e-mail and its PDF are written in it. Staff-recorded gifts are English.
     */
    locale: localeColumn(),
    /** Set by the reconciler when it settled a pending order left by a crash. */
    reconciled: boolean('reconciled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_amount_positive', sql`${t.amountCents} > 0`),
    check('orders_status_known', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('orders_refunded_range', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
    check('orders_source_known', sql`${t.source} in ('card', 'offline')`),
    check('orders_deductible_range', sql`${t.deductibleCents} between 0 and ${t.amountCents}`),
    check('orders_fee_covered_range', sql`${t.feeCoveredCents} >= 0 and ${t.feeCoveredCents} < ${t.amountCents}`),
    check(
      'orders_payment_kind_known',
      sql`${t.paymentKind} in ('card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay')`,
    ),
    // Only staff record a match, as an offline gift; a gift is matched once.
    check('orders_match_is_offline', sql`${t.matchesOrderId} is null or ${t.source} = 'offline'`),
    uniqueIndex('orders_matches_order_idx').on(t.matchesOrderId).where(sql`${t.matchesOrderId} is not null`),
    index('orders_matching_employer_idx').on(t.createdAt).where(sql`${t.matchingEmployer} is not null`),
    uniqueIndex('orders_receipt_year_seq_idx').on(t.entityKey, t.receiptYear, t.receiptSeq),
    check('orders_currency_known', sql`${t.currency} in ('USD', 'CAD', 'GBP')`),
    check('orders_locale_known', knownLocale(t.locale)),
    // Gift Aid is the UK charity's, on pounds only.
    check('orders_gift_aid_gbp', sql`${t.giftAid} is null or ${t.currency} = 'GBP'`),
    // An official receipt has its address: nothing is numbered while it waits for one.
    check('orders_awaiting_address_unnumbered', sql`not ${t.receiptAwaitsAddress} or ${t.receiptNumber} is null`),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_email_idx').on(sql`lower(${t.email})`),
    index('orders_user_idx').on(t.userId),
    // Issue 22: at most ONE pending or paid charge per monthly gift and period, whatever runs at once
    // (a declined try does not count: the next try is a new order).
    uniqueIndex('orders_monthly_period_idx')
      .on(t.monthlyGiftId, t.billingPeriod)
      .where(sql`${t.monthlyGiftId} is not null and ${t.status} in ('pending', 'succeeded')`),
    index('orders_monthly_gift_idx').on(t.monthlyGiftId).where(sql`${t.monthlyGiftId} is not null`),
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

/**
 * A corrected or void receipt (issue 20; the back office issues them for refunds): it keeps the
 * original number with a suffix ('2026-000123-C1', '2026-000123-V') and says what it replaces. The
 * order's own row is never changed: the first receipt stays what was sent.
 */
export const receiptCorrections = pgTable(
  'receipt_corrections',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<'corrected' | 'void'>().notNull(),
    /** The 1st, 2nd… correction of this order: the suffix's number, and what makes a repeat unique. */
    version: integer('version').notNull(),
    receiptNumber: text('receipt_number').notNull().unique(),
    /** What the receipt now stands for: the amount kept after refunds, and its deductible part. */
    amountCents: integer('amount_cents').notNull(),
    deductibleCents: integer('deductible_cents').notNull(),
    reason: text('reason').notNull(),
    /** The caller's idempotency key: issuing the same correction twice gives the first one back. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('receipt_corrections_order_version_idx').on(t.orderId, t.version),
    check('receipt_corrections_kind_known', sql`${t.kind} in ('corrected', 'void')`),
    check(
      'receipt_corrections_amounts',
      sql`${t.amountCents} >= 0 and ${t.deductibleCents} between 0 and ${t.amountCents}`,
    ),
  ],
);

export type ReceiptCorrection = typeof receiptCorrections.$inferSelect;
