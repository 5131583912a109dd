/**
 * Year-end statements (issue 20): one row per donor, calendar year and legal entity, written the
 * first time the treasurer's run (`npm run statements`) reaches that donor, in the same transaction
 * as its e-mail in the outbox. The unique (year, email, entity_key) is what makes a second run send
 * nothing twice. Rows from before statements were per entity are the US foundation's ('us'): that
 * is who issued them.
 */
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const yearEndStatements = pgTable(
  'year_end_statements',
  {
    id: uuid('id').primaryKey(),
    year: integer('year').notNull(),
    /** The donor: the e-mail their gifts were made with, lower-cased. */
    email: text('email').notNull(),
    /** The legal entity the statement is from (orders.entity_key): it lists that entity's gifts only. */
    entityKey: text('entity_key').notNull().default('us'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('year_end_statements_year_email_entity_idx').on(t.year, t.email, t.entityKey)],
);
