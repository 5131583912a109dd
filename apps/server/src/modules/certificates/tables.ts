/**
 * Who completed the recitation, and how. Staff mark a registrant after their session (one by one or
 * from a CSV); a marked registrant's certificate is sent through the outbox, whose one message per
 * kind and subject makes "send" pressed twice send once. A row may be changed or removed until its
 * certificate is queued (certificateQueuedAt): what was sent is what the family holds.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from '#src/modules/admins/tables';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrants } from '#src/modules/registrations/tables';

export const recitationCompletions = pgTable(
  'recitation_completions',
  {
    registrantId: uuid('registrant_id')
      .primaryKey()
      .references(() => registrants.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id),
    /** 'memory' (recited by memory) or 'fluent_reading'. */
    how: text('how').notNull(),
    markedBy: uuid('marked_by').references(() => admins.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the certificate e-mail was queued; the outbox sends it once. */
    certificateQueuedAt: timestamp('certificate_queued_at', { withTimezone: true }),
  },
  (t) => [
    index('recitation_completions_session_idx').on(t.sessionId),
    check('recitation_completions_how_known', sql`${t.how} in ('memory', 'fluent_reading')`),
  ],
);
export type RecitationCompletion = typeof recitationCompletions.$inferSelect;
