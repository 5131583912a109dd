/**
 * Receipt numbers (issue 20): one counter per entity's series and calendar year, moved in the settlement's own statement
 * (checkout/settle-order.ts) so a number is taken only by an order that is settled as paid, and
 * rolled back with it otherwise: no gap, no reuse, across every process on one database.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const receiptCounters = pgTable(
  'receipt_counters',
  {
    /** The legal entity's key (site.ts `entities`): each numbers its receipts on its own. */
    series: text('series').notNull().default('us'),
    year: integer('year').notNull(),
    /** The last number given in that year; the next receipt takes last + 1. */
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] }), check('receipt_counters_last_positive', sql`${t.last} > 0`)],
);
