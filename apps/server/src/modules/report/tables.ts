/**
 * Pre-computed sums for the payment report. Summing a million orders per request takes 0.2–0.8 s on
 * PostgreSQL (measured, bench/report.ts); the report's first page must answer in under 50 ms. So the
 * succeeded orders are also counted here, per foundation day and center, by statement-level triggers
 * on `orders` (the `report_daily_totals_apply` function, hand-written in the migrations): every path
 * that writes an order (checkout, reconciler, webhook, refund, manual SQL) keeps the sums right, in
 * the same transaction, without knowing about them. A sum is of what was kept, `amount_cents -
 * refunded_cents`, so a refund moves the totals as it settles.
 *
 * The day depends on the foundation's time zone (config/site.json), which the database cannot know:
 * `report_settings.time_zone` holds the zone the sums were made in. Null until the report first runs;
 * when it differs from the site's, the report rebuilds the sums (daily-totals.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

export const reportDailyTotals = pgTable(
  'report_daily_totals',
  {
    /** The foundation's calendar day (report_settings.time_zone) the orders were placed on. */
    day: date('day').notNull(),
    centerId: integer('center_id').notNull(),
    /** As the orders recorded it: a renamed center keeps its old name on old orders. */
    centerName: text('center_name').notNull(),
    /** Each currency is summed on its own (decision 0040). */
    currency: text('currency').notNull().default('USD'),
    orderCount: integer('order_count').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The same orders in the home currency, at each one's own rate; orders without a rate yet are not in it. */
    homeAmountCents: bigint('home_amount_cents', { mode: 'number' }).notNull().default(0),
    /** How many of the orders have no rate yet (their home amount is missing from the sum). */
    unratedCount: integer('unrated_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.centerId, t.centerName, t.currency] })],
);

/** One row (id 1): the time zone `report_daily_totals` is kept in; null = not built yet. */
export const reportSettings = pgTable(
  'report_settings',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone'),
  },
  (t) => [check('report_settings_one_row', sql`${t.id} = 1`)],
);
