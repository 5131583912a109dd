/**
 * Year-end statements (issue 20): one row per donor per calendar year, written the first time the
 * treasurer's run (`npm run statements`) reaches that donor, in the same transaction as its e-mail
 * in the outbox. The unique (year, email) is what makes a second run send nothing twice.
 */
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const yearEndStatements = pgTable(
  'year_end_statements',
  {
    id: uuid('id').primaryKey(),
    year: integer('year').notNull(),
    /** The donor: the e-mail their gifts were made with, lower-cased. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('year_end_statements_year_email_idx').on(t.year, t.email)],
);
