/**
 * The sandbox gateway's own state, apart from the orders: the nonces it issued and its ledger of
 * charges. Keeping a separate ledger is what makes crash and reconciliation tests meaningful: the
 * two books must agree to the cent.
 */

import type { PaymentMethodKind } from '@store/shared/payment-methods';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const sandboxNonces = pgTable('sandbox_nonces', {
  nonce: text('nonce').primaryKey(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  /** What a sale with this nonce does, decided from the card at tokenization (the number is not kept). */
  outcome: text('outcome').$type<'approve' | 'decline'>().notNull(),
  /** Issue 22: the card's expiry, kept with a stored card (the vault) and shown on the dashboard. */
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    /** One sale per order: a second charge for the same order is impossible at the database level. */
    orderId: text('order_id').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'submitted_for_settlement' | 'processor_declined'>().notNull(),
    processorCode: text('processor_code').notNull(),
    processorText: text('processor_text').notNull(),
    /** How the sale was paid (payment-methods.ts): a card, or a wallet's test nonce. */
    paymentKind: text('payment_kind').$type<PaymentMethodKind>().notNull().default('card'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_transactions_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * The sandbox's refunds and voids (issue 21), mirroring Braintree: a void cancels an unsettled sale
 * whole, a refund returns part or all of a settled one. `request_id` is OUR refund id: asking twice
 * with it answers the first result, never a second refund.
 */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id').notNull().unique(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => sandboxTransactions.id),
    kind: text('kind').$type<'void' | 'refund'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_refunds_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * The sandbox's vault (issue 22), as Braintree's: a customer's stored cards, each behind a token that
 * a later sale names instead of a nonce (`sale({ paymentMethodToken })`). Storing consumes the nonce.
 */
export const sandboxVault = pgTable('sandbox_vault', {
  token: text('token').primaryKey(),
  customerId: text('customer_id').notNull(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  /** A stored card, or a vaulted PayPal (billing agreement) or Venmo account. */
  paymentKind: text('payment_kind').$type<PaymentMethodKind>().notNull().default('card'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  /** What a sale with this card does, as the nonce's (a declining test card is refused at storing). */
  outcome: text('outcome').$type<'approve' | 'decline'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
