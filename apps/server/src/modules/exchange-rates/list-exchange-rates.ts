/** The rates of a range of days, for the back office's table (decision 0040). */
import { isCurrency } from '@store/shared/currencies';
import { type ExchangeRate, plainRate } from '@store/shared/exchange-rates';
import { and, asc, desc, gte, lte } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { exchangeRates } from './tables';

export async function listExchangeRates(
  db: Pick<Database, 'select'>,
  range: { from: string; to: string },
): Promise<ExchangeRate[]> {
  const rows = await db
    .select()
    .from(exchangeRates)
    .where(and(gte(exchangeRates.day, range.from), lte(exchangeRates.day, range.to)))
    .orderBy(desc(exchangeRates.day), asc(exchangeRates.currency));
  // The table's text column could hold a currency the store no longer takes; the list shows only known ones.
  return rows.flatMap(({ day, currency, rate, source, updatedAt }) =>
    isCurrency(currency) ? [{ day, currency, rate: plainRate(rate), source, updatedAt: updatedAt.toISOString() }] : [],
  );
}
