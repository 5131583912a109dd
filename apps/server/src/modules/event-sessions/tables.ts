/**
 * The Mahayagna's sessions: a center's hall, its start and its places. `taken` counts the places held
 * (registered people and open waiting-list offers), kept beside the capacity so that taking places is
 * ONE guarded UPDATE (places.ts) and the database itself refuses an overbooking (the checks below).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const eventSessions = pgTable(
  'event_sessions',
  {
    id: serial('id').primaryKey(),
    /** A center of site content (site-content module): its id, as orders name it. */
    centerId: integer('center_id').notNull(),
    /** The hall or venue: 'Main prayer hall'. */
    hall: text('hall').notNull(),
    address: text('address').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** IANA zone the session's time is shown in: the center's own, not the foundation's. */
    timeZone: text('time_zone').notNull(),
    capacity: integer('capacity').notNull(),
    /** Optional caps per category (adults only have one); null = no cap. */
    memorizationCapacity: integer('memorization_capacity'),
    fluentReadingCapacity: integer('fluent_reading_capacity'),
    taken: integer('taken').notNull().default(0),
    memorizationTaken: integer('memorization_taken').notNull().default(0),
    fluentReadingTaken: integer('fluent_reading_taken').notNull().default(0),
    /** site.json's seed key: a seeded session is seeded once, whatever the restarts. */
    seedKey: text('seed_key').unique(),
    /** Closed to new registrations; its registrations and tickets stay. */
    archived: boolean('archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('event_sessions_center_idx').on(t.centerId, t.startsAt),
    check('event_sessions_capacity_nonnegative', sql`${t.capacity} >= 0`),
    check('event_sessions_taken_within_capacity', sql`${t.taken} between 0 and ${t.capacity}`),
    check(
      'event_sessions_memorization_within_capacity',
      sql`${t.memorizationTaken} >= 0 and (${t.memorizationCapacity} is null or ${t.memorizationTaken} <= ${t.memorizationCapacity})`,
    ),
    check(
      'event_sessions_fluent_reading_within_capacity',
      sql`${t.fluentReadingTaken} >= 0 and (${t.fluentReadingCapacity} is null or ${t.fluentReadingTaken} <= ${t.fluentReadingCapacity})`,
    ),
  ],
);
export type EventSession = typeof eventSessions.$inferSelect;
