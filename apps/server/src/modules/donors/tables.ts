/**
 * Donor records merged by staff (issue 21): a donor is known by e-mail (lower-cased); merging two
 * records of one person maps the other address to the kept one. No gift is moved or changed: the
 * donor list and statements read gifts through this map.
 */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const donorAliases = pgTable('donor_aliases', {
  /** The merged-away address, lower-cased. */
  email: text('email').primaryKey(),
  /** The address kept, lower-cased. */
  primaryEmail: text('primary_email').notNull(),
  staffId: uuid('staff_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
