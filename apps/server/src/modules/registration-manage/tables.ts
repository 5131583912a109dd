/**
 * "Lost your link?" requests: each one is the subject of the e-mail that answers it and what the
 * limits count (per address and per client address, lost-link.ts), in the request's own transaction.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const familyLinkRequests = pgTable(
  'family_link_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As typed (trimmed); compared lower-cased, as registrations.email is. */
    email: text('email').notNull(),
    clientIp: text('client_ip'),
    /** False when the address had its links for the hour (or registered no one): nothing was mailed. */
    mailed: boolean('mailed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('family_link_requests_email_idx').on(sql`lower(${t.email})`, t.createdAt),
    index('family_link_requests_client_idx').on(t.clientIp, t.createdAt),
  ],
);
