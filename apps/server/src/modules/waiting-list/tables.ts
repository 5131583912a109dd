/**
 * Waiting-list offers: when places free in a session, the next family in line is offered them. The
 * offer holds the places (they count in the session's `taken`) until it is accepted or expires; the
 * worker passes an expired offer on to the next family in the same transaction that closes it, its
 * e-mail queued in that transaction too, so a crash neither skips nor doubles anyone.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrations } from '#src/modules/registrations/tables';

export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id),
    /** The places held: the family's people (and of them each category), as taken from the session. */
    people: integer('people').notNull(),
    memorization: integer('memorization').notNull().default(0),
    fluentReading: integer('fluent_reading').notNull().default(0),
    /** 'open' (places held), 'accepted', 'lapsed' (expired, passed on), 'withdrawn' (the family cancelled). */
    status: text('status').notNull().default('open'),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The staff member who sent it by hand; null when the worker offered freed places. */
    offeredBy: uuid('offered_by'),
  },
  (t) => [
    uniqueIndex('waitlist_offers_one_open_per_registration').on(t.registrationId).where(sql`${t.status} = 'open'`),
    index('waitlist_offers_open_expiry_idx').on(t.status, t.expiresAt),
    check('waitlist_offers_status_known', sql`${t.status} in ('open', 'accepted', 'lapsed', 'withdrawn')`),
    check('waitlist_offers_people_positive', sql`${t.people} > 0`),
  ],
);
export type WaitlistOffer = typeof waitlistOffers.$inferSelect;
