/**
 * The e-mail outbox: a message is written in the same transaction as what it reports, then sent
 * off the request path with retries. A mail failure never fails a payment, and nothing is lost
 * if the process dies between the two.
 */
import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** e.g. 'receipt', 'registration-confirmation'. */
    kind: text('kind').notNull(),
    /** The order or registration the message is about: one message of a kind per subject. */
    subjectId: text('subject_id').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('mail_outbox_kind_subject').on(t.kind, t.subjectId),
    index('mail_outbox_due_idx').on(t.sentAt, t.nextAttemptAt),
  ],
);
