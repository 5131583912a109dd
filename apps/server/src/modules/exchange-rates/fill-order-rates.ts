/**
 * Orders of a day that were written before its rate was known take it now (decision 0040). Only
 * those without a rate: an order keeps the rate it was first counted at, so correcting a rate
 * later never restates a total someone already read.
 *
 * The statement names the `orders` table and its columns in SQL rather than importing
 * checkout/tables: the checkout imports this module (home-amount.ts prices a new order), and a
 * Drizzle handle would make the two folders import each other (check:imports, no-folder-cycle).
 * exchange-rates.test.ts runs it on both databases, so a renamed column fails there.
 */
import type { Currency } from '@store/shared/currencies';
import { addDays } from '@store/shared/monthly-giving';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';

type Writer = Pick<Database, 'execute'>;

export async function fillOrderRates(
  db: Writer,
  input: { day: string; currency: Currency; rate: string; timeZone: string },
): Promise<number> {
  const { day, currency, rate, timeZone } = input;
  // The UTC bounds (a day either side: no zone is more than 14 hours off) let orders_created_idx
  // narrow the scan; the zone's own day is then decided exactly by `at time zone`.
  const from = new Date(`${addDays(day, -1)}T00:00:00Z`);
  const until = new Date(`${addDays(day, 2)}T00:00:00Z`);
  const filled = await db.execute<{ id: string }>(sql`
    update orders
       set home_rate = ${rate}::numeric,
           home_amount_cents = round(amount_cents * ${rate}::numeric)::integer
     where currency = ${currency}
       and home_rate is null
       and created_at >= ${from.toISOString()}::timestamptz
       and created_at < ${until.toISOString()}::timestamptz
       and (created_at at time zone ${timeZone})::date = ${day}::date
    returning id`);
  return filled.rows.length;
}
