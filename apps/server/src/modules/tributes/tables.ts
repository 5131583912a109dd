/**
 * A tribute's e-mail card (gift-extras.ts): one row per paid gift whose donor named someone to tell.
 * Written in the settlement's transaction with its outbox message, so the card goes once. The row is
 * also the relay limit's count (tribute-card-limit.ts): the checkout mails whatever address a donor
 * types, so an address, and a client, receive only so many cards a day; over the limit the row is
 * kept as 'limited' and nothing is sent.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '#src/modules/ledger/index';

export type TributeCardStatus = 'queued' | 'limited';

export const tributeCards = pgTable(
  'tribute_cards',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    /** The card shows the gift's amount only when the donor chose so. */
    showAmount: boolean('show_amount').notNull().default(false),
    /** The paying client's address, for the per-client limit. */
    clientIp: text('client_ip'),
    status: text('status').$type<TributeCardStatus>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tribute_cards_status_known', sql`${t.status} in ('queued', 'limited')`),
    index('tribute_cards_recipient_idx').on(sql`lower(${t.recipientEmail})`, t.createdAt),
    index('tribute_cards_client_idx').on(t.clientIp, t.createdAt),
  ],
);
