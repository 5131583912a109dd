/**
 * The e-mail outbox: a message is written in the same transaction as what it reports, then sent
 * off the request path with retries. A mail failure never fails a payment, and nothing is lost
 * if the process dies between the two.
 *
 * A message is queued by reference: its kind and the id of what it is about (an order, a
 * registration). The worker writes it when it sends it, with the renderer the owning module
 * registered for the kind (render.ts), so what is being settled never waits on e-mail templates.
 * Rows queued before messages went by reference carry their rendered content and are sent as they are.
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    /** Also the Message-ID's local part (transport.ts): the same on every attempt. */
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order messages were queued in. created_at cannot say it: two messages queued in the same
     * instant tie, and the ids are random. Claiming sorts by it (outbox.ts).
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /** e.g. 'receipt', 'registration-confirmation': picks the renderer. */
    kind: text('kind').notNull(),
    /** The order or registration the message is about: one message of a kind per subject. */
    subjectId: text('subject_id').notNull(),
    /**
     * What the message must say as it was when queued, where the subject alone cannot tell it later
     * (a declined charge's retry day: the gift's next charge moves on with every run). Handed to the
     * kind's renderer with the subject id; null for most kinds.
     */
    payload: jsonb('payload').$type<Readonly<Record<string, unknown>>>(),
    /** Rendered content: set on messages queued with it (rows queued before messages went by reference); null on
     * messages the kind's renderer writes when they are sent. */
    toAddress: text('to_address'),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
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
