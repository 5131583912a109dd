/**
 * Orders of a day that were written before its rate was known take it now (decision 0040); the
 * exchange rates module calls it when a rate is entered or read from the feed. Only
 * those without a rate: an order keeps the rate it was first counted at, so correcting a rate
 * later never restates a total someone already read.
 */
import type { Currency } from '@store/shared/currencies';
import { addDays } from '@store/shared/monthly-giving';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from './tables';

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
  const o = orders;
  const filled = await db.execute<{ id: string }>(sql`
    update ${o}
       set ${sql.identifier(o.homeRate.name)} = ${rate}::numeric,
           ${sql.identifier(o.homeAmountCents.name)} = round(${o.amountCents} * ${rate}::numeric)::integer
     where ${o.currency} = ${currency}
       and ${o.homeRate} is null
       and ${o.createdAt} >= ${from.toISOString()}::timestamptz
       and ${o.createdAt} < ${until.toISOString()}::timestamptz
       and (${o.createdAt} at time zone ${timeZone})::date = ${day}::date
    returning ${o.id}`);
  return filled.rows.length;
}
