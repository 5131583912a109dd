/**
 * What a new order is counted at in the home currency: its day's rate, copied onto the order when it
 * is written (decision 0040). A home-currency order is at rate 1 with no query; one without a rate
 * yet stays null until the treasurer enters its day's rate (ledger/fill-order-rates.ts).
 */
import { calendarDay } from '@store/shared/calendar-day';
import type { Currency } from '@store/shared/currencies';
import type { Database } from '#src/db/client';
import { homeRateFor } from './rate-for-day';

export type HomeAmount = { homeRate: string | null; homeAmountCents: number | null };

const RATE_DECIMALS = 10;

/**
 * Home units for `amountCents` at `rate` (a decimal string, at most 10 decimals), rounded half away
 * from zero to the cent in exact integers, as PostgreSQL's `round(amount * rate)` on numeric does:
 * the report sums with that, and binary floats would round some halves the other way.
 */
export function atRate(amountCents: number, rate: string): number {
  const [whole = '0', fraction = ''] = rate.split('.');
  const scaled = BigInt(whole + fraction.padEnd(RATE_DECIMALS, '0').slice(0, RATE_DECIMALS));
  const unit = 10n ** BigInt(RATE_DECIMALS);
  const product = BigInt(Math.abs(amountCents)) * scaled;
  const rounded = (product + unit / 2n) / unit;
  return Math.sign(amountCents) * Number(rounded);
}

export async function homeAmountOf(
  db: Pick<Database, 'select'>,
  input: { currency: Currency; amountCents: number; at: Date; timeZone: string; homeCurrency: Currency },
): Promise<HomeAmount> {
  const { currency, amountCents, homeCurrency } = input;
  if (currency === homeCurrency) return { homeRate: '1', homeAmountCents: amountCents };
  const homeRate = await homeRateFor(db, { currency, homeCurrency, day: calendarDay(input.at, input.timeZone) });
  return { homeRate, homeAmountCents: homeRate === null ? null : atRate(amountCents, homeRate) };
}
