/**
 * Messages to the event's registrants. A message and one recipient row per address are written in
 * ONE transaction when staff press Send; the queue job (queue-event-messages.ts) then moves the
 * recipients into the mail outbox a bounded number a minute, marking each queued in the same
 * transaction, so each address gets the message once however often Send is pressed or the job runs.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const eventMessages = pgTable('event_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The Send request's Idempotency-Key: a double click or a retry writes one message. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** sha256 of the validated body: the same key with another message is refused, not replayed. */
  requestHash: text('request_hash').notNull(),
  /** messageAudienceSchema (packages/shared/src/event-messages.ts), as chosen. */
  audience: jsonb('audience').$type<Readonly<Record<string, unknown>>>().notNull(),
  /** The audience in words as it was when sent (a session's hall may be renamed later). */
  audienceLabel: text('audience_label').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  recipientCount: integer('recipient_count').notNull(),
  /** The staff member who sent it; their name is kept too, should the member be removed. */
  sentBy: uuid('sent_by'),
  sentByName: text('sent_by_name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const eventMessageRecipients = pgTable(
  'event_message_recipients',
  {
    /** The outbox row's subject id and the unsubscribe link's id. */
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order recipients were written in: the queue takes the oldest first. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => eventMessages.id, { onDelete: 'cascade' }),
    /** Lower-cased: one row per address however its registrants typed it. */
    email: text('email').notNull(),
    /** When the queue job handed it to the outbox (or passed it over, `skipped`); null = still to go. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** The address opted out between Send and its turn: not mailed. */
    skipped: boolean('skipped').notNull().default(false),
  },
  (t) => [
    unique('event_message_recipients_one_per_address').on(t.messageId, t.email),
    index('event_message_recipients_unqueued_idx').on(t.seq).where(sql`${t.queuedAt} is null`),
    index('event_message_recipients_queued_idx').on(t.queuedAt),
  ],
);

/** Addresses that stopped event news, lower-cased. Their own tickets, confirmations and offers still go. */
export const eventNewsOptouts = pgTable('event_news_optouts', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
