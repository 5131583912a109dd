/**
 * The rate an order of a day is counted at in the home currency (decision 0040). The foundation's
 * calendar day comes from `calendarDay` (@store/shared/calendar-day): one rule for every module.
 */
import type { Currency } from '@store/shared/currencies';
import { addDays } from '@store/shared/monthly-giving';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { exchangeRates } from './tables';

/**
 * How far back a missing day borrows a rate: the feed publishes none on weekends and bank holidays
 * (the ECB's calendar), and a week covers the longest such gap without counting a gift at a rate
 * so old it would mislead. Older than that, the order waits (null) for the treasurer's rate.
 */
export const FALLBACK_DAYS = 7;

type Reader = Pick<Database, 'select'>;

/** Home units per one `currency` on `day`: '1' at home, the day's rate, the latest of the week before, or null. */
export async function homeRateFor(
  db: Reader,
  input: { currency: Currency; day: string; homeCurrency: Currency },
): Promise<string | null> {
  const { currency, day, homeCurrency } = input;
  if (currency === homeCurrency) return '1';
  // 'YYYY-MM-DD' text sorts as the days do, so the primary key (day, currency) serves the range.
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, currency),
        lte(exchangeRates.day, day),
        gte(exchangeRates.day, addDays(day, -FALLBACK_DAYS)),
      ),
    )
    .orderBy(desc(exchangeRates.day))
    .limit(1);
  return row?.rate ?? null;
}
