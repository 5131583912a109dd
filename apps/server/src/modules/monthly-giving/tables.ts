/**
 * Monthly gifts (issue 22; @store/shared/monthly-giving has the rules). One row per monthly bucket
 * line. The card is kept by the gateway (Braintree's vault; the sandbox's `sandbox_vault`): here only
 * its token, brand, last four and expiry.
 *
 * Each charge is an ORDER (checkout/tables.ts), so it is settled, receipted, reconciled, reported and
 * counted in statements like any other: the checkout's order pays the first month (`first_order_id`);
 * the billing run writes one order per period and attempt (`orders.monthly_gift_id`,
 * `billing_period`, `charge_attempt`), PENDING before the gateway is called, with idempotency key
 * `monthly:<gift id>:<period>:<attempt>` and our order id given to the gateway. A partial unique index
 * on orders allows one pending-or-paid order per gift and period: a second charge for a period cannot
 * be written, whatever runs at once.
 *
 * State: 'starting' (written with the checkout's pending order) → 'active' once that order is paid,
 * 'cancelled' if it is not. 'active' ⇄ 'paused' (the donor; or 'card_declined' after the last retry).
 * 'cancelled' is final. `billing_period` is the period the next charge is for; `next_charge_on` the
 * day it is tried (the billing day of that period, or a retry's day); `failed_attempts` the declines
 * in that period. The run moves the three together, guarded by their old values, so an outcome is
 * applied to a gift once (billing run).
 */

import type { MonthlyGiftStatus, PausedReason } from '@store/shared/monthly-giving';
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { knownLocale, localeColumn } from '#src/db/locale-column';
import { users } from '#src/modules/auth/tables';
import { type DonorAddress, type OrderProduct, orders } from '#src/modules/ledger/index';

export const monthlyGifts = pgTable(
  'monthly_gifts',
  {
    id: uuid('id').primaryKey(),
    /** The donor's account; a deleted account's gifts are cancelled first, then unlinked. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<MonthlyGiftStatus>().notNull(),
    pausedReason: text('paused_reason').$type<PausedReason>(),
    /** The checkout's order that paid the first month, and the bucket line's key in it. */
    firstOrderId: uuid('first_order_id')
      .notNull()
      .references(() => orders.id),
    lineKey: text('line_key').notNull(),
    /** The line as the server priced it, for one month (quantity 1, unitCents = amountCents). */
    product: jsonb('product').$type<OrderProduct>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The currency of its first order, charged every month in it (through its entity's account). */
    currency: text('currency').notNull().default('USD'),
    /** Its entity (orders.entity_key): each charge is numbered in that entity's series. */
    entityKey: text('entity_key').notNull().default('us'),
    /** What a month gives back (a concert tier's seats), so each charge's deductible part is known. */
    deductibleCents: integer('deductible_cents').notNull(),
    centerId: integer('center_id').notNull(),
    centerName: text('center_name').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    studentName: text('student_name'),
    email: text('email').notNull(),
    mobile: text('mobile').notNull(),
    donorAddress: jsonb('donor_address').$type<DonorAddress>(),
    gateway: text('gateway').$type<'sandbox' | 'braintree'>().notNull(),
    test: boolean('test').notNull(),
    /** The gateway's customer and stored payment method (Braintree vault / sandbox_vault). */
    vaultCustomerId: text('vault_customer_id').notNull(),
    paymentMethodToken: text('payment_method_token').notNull(),
    cardBrand: text('card_brand').notNull(),
    cardLastFour: text('card_last_four').notNull(),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    /**
     * The stored method's kind (payment-methods.ts): a card, or a vaulted PayPal or Venmo account
     * (whose `card_brand` is the wallet's name and `card_last_four` empty). Null before wallets: a card.
     */
    paymentKind: text('payment_kind').$type<PaymentMethodKind>(),
    /**
     * The donor covers the processing fee: each month charges the gift plus its fee
     * (processing-fee.ts, the entity's setting at the charge). Turned on or off from /dashboard.
     */
    coverFee: boolean('cover_fee').notNull().default(false),
    /** 1–28. */
    billingDay: integer('billing_day').notNull(),
    /** 'YYYY-MM': the period the next charge is for. */
    billingPeriod: text('billing_period').notNull(),
    nextChargeOn: date('next_charge_on', { mode: 'string' }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** The language of the checkout that started it: each month's charge, receipt and notices are in it. */
    locale: localeColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('monthly_gifts_status_known', sql`${t.status} in ('starting', 'active', 'paused', 'cancelled')`),
    check('monthly_gifts_paused_reason', sql`(${t.status} = 'paused') = (${t.pausedReason} is not null)`),
    check('monthly_gifts_amount_positive', sql`${t.amountCents} > 0`),
    check('monthly_gifts_deductible_range', sql`${t.deductibleCents} between 0 and ${t.amountCents}`),
    check('monthly_gifts_billing_day', sql`${t.billingDay} between 1 and 28`),
    check('monthly_gifts_failed_attempts', sql`${t.failedAttempts} >= 0`),
    check('monthly_gifts_locale_known', knownLocale(t.locale)),
    uniqueIndex('monthly_gifts_first_order_line_idx').on(t.firstOrderId, t.lineKey),
    index('monthly_gifts_user_idx').on(t.userId),
    // The billing run's question: which active gifts are due by a day.
    index('monthly_gifts_due_idx').on(t.nextChargeOn).where(sql`${t.status} = 'active'`),
    index('monthly_gifts_status_idx').on(t.status),
  ],
);

export type MonthlyGiftRow = typeof monthlyGifts.$inferSelect;
