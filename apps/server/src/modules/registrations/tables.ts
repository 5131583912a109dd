/**
 * Event registrations (SPEC.md §2 /registration, §3 Registrant). Unlike the page SPEC.md describes,
 * a submission is stored and confirmed: one `registrations` row per submission, one `registrants`
 * row per person, written in one transaction. The report lists them as its `hosts`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { knownLocale, localeColumn } from '#src/db/locale-column';
import { users } from '#src/modules/auth/tables';
import { eventSessions } from '#src/modules/event-sessions/tables';

export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown to the visitor as BGM-000042 (formatRegistrationNumber). */
    number: serial('number').notNull().unique(),
    /** One per submit attempt: a double click or a retry stores one registration. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** sha256 of the validated body: the same key with other registrants is refused, not replayed. */
    requestHash: text('request_hash').notNull(),
    /** The first registrant's e-mail: the confirmation goes there. */
    email: text('email').notNull(),
    /** The signed-in visitor who registered, if any (accounts issue). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientIp: text('client_ip'),
    /**
     * Whether a confirmation was queued: false once the address (or the client's) has had its
     * confirmations for the day (confirmation-limit.ts). Counted, and said in the answer.
     */
    confirmationEmailed: boolean('confirmation_emailed').notNull().default(true),
    /**
     * Where the whole family recites (a family recites together). Null only for registrations made
     * before the event had sessions.
     */
    sessionId: integer('session_id').references(() => eventSessions.id),
    /** REGISTRATION_STATUSES (packages/shared/src/event-sessions.ts). */
    status: text('status').notNull().default('registered'),
    /**
     * The place in the session's waiting line while `waiting` or `offered`: lower goes first. Set to
     * the registration's number on joining; staff moving a family up swap two ranks.
     */
    waitlistRank: integer('waitlist_rank'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The language the family registered in (the request's): the confirmation, the waiting list's
     * offer, the change and lost-link mails and the tickets are written in it.
     */
    locale: localeColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('registrations_created_idx').on(t.createdAt, t.id),
    index('registrations_session_status_idx').on(t.sessionId, t.status, t.waitlistRank),
    check(
      'registrations_status_known',
      sql`${t.status} in ('registered', 'waiting', 'offered', 'cancelled', 'lapsed')`,
    ),
    index('registrations_email_idx').on(sql`lower(${t.email})`),
    index('registrations_client_ip_idx').on(t.clientIp, t.createdAt),
    index('registrations_user_idx').on(t.userId),
    check('registrations_locale_known', knownLocale(t.locale)),
  ],
);

export const registrants = pgTable(
  'registrants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    /** 1-based order on the form. */
    position: integer('position').notNull(),
    age: integer('age').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull(),
    /** Adults only. */
    phone: text('phone'),
    category: text('category'),
    /** Minors only. */
    mothersName: text('mothers_name'),
    mothersPhone: text('mothers_phone'),
    fathersName: text('fathers_name'),
    fathersPhone: text('fathers_phone'),
    /** ISO 3166 code. */
    country: text('country').notNull(),
    /** USPS code in the United States, free text elsewhere. */
    state: text('state').notNull(),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    /** One registrant cancelled from the family's page; the others keep their places. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    unique('registrants_position').on(t.registrationId, t.position),
    check('registrants_age_range', sql`${t.age} between 0 and 120`),
    check('registrants_gender_known', sql`${t.gender} in ('Male', 'Female')`),
    check(
      'registrants_category_known',
      sql`${t.category} is null or ${t.category} in ('Memorization', 'Fluent Reading')`,
    ),
  ],
);

/**
 * A registrant's ticket: its id and session are what the QR code's signed payload names. A change
 * (details, session, cancellation) revokes the live ticket and, unless cancelled, issues a new row:
 * the check-in list carries the revoked ids, so an old printout is refused at the door.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrantId: uuid('registrant_id')
      .notNull()
      .references(() => registrants.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => eventSessions.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'changed', 'moved' or 'cancelled': said at the door. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('tickets_one_live_per_registrant').on(t.registrantId).where(sql`${t.revokedAt} is null`),
    index('tickets_session_idx').on(t.sessionId, t.revokedAt),
  ],
);
export type Ticket = typeof tickets.$inferSelect;
