/**
 * The day's exchange rates (decision 0040): how many units of the home currency (site.json
 * `exchangeRates.homeCurrency`) one unit of a currency was worth on a day of the foundation's zone.
 * Written by the feed (`source` 'feed') or by the treasurer (`source` 'staff', audited); an order
 * copies its day's rate when written, so correcting a rate later never restates a counted order.
 */
import { sql } from 'drizzle-orm';
import { check, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type RateSource = 'feed' | 'staff';

export const exchangeRates = pgTable(
  'exchange_rates',
  {
    /** 'YYYY-MM-DD', the foundation's calendar day. */
    day: text('day').notNull(),
    currency: text('currency').notNull(),
    /** Home units per one unit of `currency`, as a decimal string ('0.7215'). */
    rate: numeric('rate', { precision: 20, scale: 10 }).notNull(),
    source: text('source').$type<RateSource>().notNull(),
    /** The staff member who entered or corrected it (source 'staff'). */
    setBy: uuid('set_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.currency] }),
    check('exchange_rates_rate_positive', sql`${t.rate} > 0`),
    check('exchange_rates_source_known', sql`${t.source} in ('feed', 'staff')`),
    check('exchange_rates_day_format', sql`${t.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);
