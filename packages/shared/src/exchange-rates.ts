/**
 * The day's exchange rates in the back office (decision 0040): the list a treasurer reads and the
 * rate they enter or correct. A rate is home-currency units per ONE unit of a currency, a decimal
 * string ('0.7215'): never a float, so what was typed is what is stored (numeric(20, 10)).
 */
import { z } from 'zod';
import { CURRENCIES, type Currency } from './currencies';
import { addDays, isCalendarDay } from './monthly-giving';

/** The list's default: the last 31 days, today included. */
export const DEFAULT_RATE_DAYS = 31;
/** A year and a day at most per list: enough for a year's report, never the whole table at once. */
export const MAX_RATE_DAYS = 366;

export const rateDaySchema = z
  .string()
  .trim()
  .refine(isCalendarDay, 'must be a real date written YYYY-MM-DD (2026-03-01)');

/** 10 digits before the point and 10 after: what numeric(20, 10) holds. */
const RATE = /^\d{1,10}(\.\d{1,10})?$/;

export const rateValueSchema = z
  .string('is required')
  .trim()
  .regex(RATE, 'must be a positive number with at most 10 decimals, like 0.7215')
  .refine((value) => Number(value) > 0, 'must be more than 0');

export const rateCurrencySchema = z.enum(CURRENCIES, `must be one of ${CURRENCIES.join(', ')}`);

export const exchangeRatesQuerySchema = z.object({
  from: rateDaySchema.optional(),
  to: rateDaySchema.optional(),
});
export type ExchangeRatesQuery = z.infer<typeof exchangeRatesQuerySchema>;

export const setExchangeRateParamsSchema = z.object({ day: rateDaySchema, currency: rateCurrencySchema });
export const setExchangeRateRequestSchema = z.object({ rate: rateValueSchema });
export type SetExchangeRateRequest = z.infer<typeof setExchangeRateRequestSchema>;

export const RATE_SOURCES = ['feed', 'staff'] as const;

export const exchangeRateSchema = z.object({
  day: z.string(),
  currency: z.enum(CURRENCIES),
  rate: z.string(),
  source: z.enum(RATE_SOURCES),
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const exchangeRatesResponseSchema = z.object({
  homeCurrency: z.enum(CURRENCIES),
  /** The currencies that need a rate: every one but the home currency. */
  currencies: z.array(z.enum(CURRENCIES)),
  /** The days listed, inclusive: a page draws one row per day, with or without a rate. */
  from: z.string(),
  to: z.string(),
  rates: z.array(exchangeRateSchema),
});
export type ExchangeRatesResponse = z.infer<typeof exchangeRatesResponseSchema>;

/** The stored rate, and how many orders of its day took it (those that had none yet). */
export const setExchangeRateResponseSchema = exchangeRateSchema.extend({ ordersFilled: z.number().int().min(0) });
export type SetExchangeRateResponse = z.infer<typeof setExchangeRateResponseSchema>;

/** The currencies a rate is kept for when the report's totals are in `home`. */
export function rateCurrencies(home: Currency): Currency[] {
  return CURRENCIES.filter((currency) => currency !== home);
}

/** '0.7215000000' (numeric's scale) → '0.7215': the rate as a person wrote it. */
export function plainRate(rate: string): string {
  return rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate;
}

/**
 * The days a list covers: `to` defaults to today (the foundation's), `from` to 30 days before it.
 * A backwards or too long range is refused by the field to change.
 */
export function rateRange(
  query: ExchangeRatesQuery,
  today: string,
): { ok: true; from: string; to: string } | { ok: false; fields: Record<string, string> } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_RATE_DAYS - 1));
  if (from > to) return { ok: false, fields: { from: 'must be on or before to' } };
  if (addDays(from, MAX_RATE_DAYS - 1) < to) {
    return { ok: false, fields: { from: `must be at most ${MAX_RATE_DAYS} days before to` } };
  }
  return { ok: true, from, to };
}

/** Each day from `from` to `to`, newest first, as the page lists them. */
export function daysDescending(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = to; day >= from && days.length < MAX_RATE_DAYS; day = addDays(day, -1)) days.push(day);
  return days;
}
