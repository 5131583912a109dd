/**
 * Money rules shared by the web and the server.
 * Inside the system money is integer cents (or pence: minor units of the amount's currency, see
 * currencies.ts); on screen it is the currency with two decimals, US dollars unless said otherwise.
 * Prices in `config/site.json` and in the browser's bucket are dollars (as SPEC.md describes them),
 * so every sum goes through cents to avoid floating-point drift (0.1 + 0.2).
 */
import { DEFAULT_CURRENCY, moneyFormat } from './currencies';

/** The largest open amount one line may carry: $1,000,000.00. Card processors refuse more anyway. */
export const MAX_AMOUNT_CENTS = 100_000_000;

/**
 * Dollars (possibly fractional) to integer cents, rounding half away from zero.
 * `toPrecision(12)` first removes binary noise, so 1.005 (stored as 1.00499999...) gives 101 cents.
 */
export function dollarsToCents(dollars: number): number {
  const scaled = Number((Math.abs(dollars) * 100).toPrecision(12));
  return Math.sign(dollars) * Math.round(scaled);
}

/**
 * True when a dollar amount is a whole number of cents, allowing for binary noise (0.29 * 100 is
 * 28.999999999999996, still 29 cents). 9.991 is not: it would be rounded, i.e. silently changed.
 */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** `250000` -> `$2,500.00`; `(5100, 'CAD')` -> `CA$51.00`; `(2500, 'GBP')` -> `£25.00`. */
export function formatCents(cents: number, currency: string = DEFAULT_CURRENCY, locale?: string): string {
  return moneyFormat(currency, false, locale).format(cents / 100);
}

/** `2500` -> `$2,500.00` */
export function formatDollars(dollars: number, currency: string = DEFAULT_CURRENCY, locale?: string): string {
  return formatCents(dollarsToCents(dollars), currency, locale);
}

/**
 * `1116` -> `$1,116`, `10.5` -> `$10.50`: a suggested amount on a button, where whole dollars read
 * faster without cents (a row of "$1,116.00" buttons does not fit a phone); cents still show.
 */
export function formatDollarsShort(dollars: number, currency: string = DEFAULT_CURRENCY): string {
  const cents = dollarsToCents(dollars);
  return cents % 100 === 0 ? moneyFormat(currency, true).format(cents / 100) : formatCents(cents, currency);
}

/**
 * Reads what a visitor typed as an open donation amount.
 * Returns cents when it is a finite number above 0 (and within the cap), else null.
 * Amounts with more than two decimals are rounded to the cent.
 */
export function parseDonationAmount(input: string): number | null {
  const text = input.trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return null;
  const cents = dollarsToCents(Number(text));
  if (!Number.isFinite(cents) || cents <= 0 || cents > MAX_AMOUNT_CENTS) return null;
  return cents;
}
