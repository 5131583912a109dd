/**
 * Orders of a day that were written before its rate was known take it now (decision 0040). Only
 * those without a rate: an order keeps the rate it was first counted at, so correcting a rate
 * later never restates a total someone already read.
 */
import type { Currency } from '@store/shared/currencies';
import { addDays } from '@store/shared/monthly-giving';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/checkout/tables';

type Writer = Pick<Database, 'update'>;

export async function fillOrderRates(
  db: Writer,
  input: { day: string; currency: Currency; rate: string; timeZone: string },
): Promise<number> {
  const { day, currency, rate, timeZone } = input;
  // The UTC bounds (a day either side: no zone is more than 14 hours off) let orders_created_idx
  // narrow the scan; the zone's own day is then decided exactly by `at time zone`.
  const filled = await db
    .update(orders)
    .set({
      homeRate: rate,
      homeAmountCents: sql`round(${orders.amountCents} * ${rate}::numeric)::integer`,
    })
    .where(
      and(
        eq(orders.currency, currency),
        isNull(orders.homeRate),
        gte(orders.createdAt, new Date(`${addDays(day, -1)}T00:00:00Z`)),
        lt(orders.createdAt, new Date(`${addDays(day, 2)}T00:00:00Z`)),
        sql`(${orders.createdAt} at time zone ${timeZone})::date = ${day}::date`,
      ),
    )
    .returning({ id: orders.id });
  return filled.length;
}
