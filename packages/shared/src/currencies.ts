/**
 * The currencies the foundation takes gifts in: one per legal entity (site.ts `entities`). Amounts
 * are always integer minor units (cents, pence) tagged with their currency; nothing adds two
 * currencies without a stated rate (exchange rates, decision 0040).
 * Each of these has two decimals; a currency with another minor unit (JPY) needs its digits here.
 */
export const CURRENCIES = ['USD', 'CAD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency a checkout, a price or a bucket is in when it says none: SPEC.md's dollars. */
export const DEFAULT_CURRENCY: Currency = 'USD';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * How an amount is written: `$51.00`, `CA$51.00`, `£25.00`. English (en-US) symbols keep the US
 * dollar a bare `$` as SPEC.md shows it, and make the Canadian dollar unmistakable beside it.
 */
const formats = new Map<string, Intl.NumberFormat>();
/**
 * The `Intl` locale amounts are written in when no locale is passed: en-US ($1,234.50) unless the
 * browser's page is in another language, which sets it once as it starts (one language per page
 * load; te-IN writes $1,23,456.50). The server never sets it: an e-mail or PDF in another language
 * passes its locale.
 */
let moneyLocale = 'en-US';
export function setMoneyLocale(locale: string): void {
  moneyLocale = locale;
}

export function moneyFormat(currency: string, wholeUnits = false, locale = moneyLocale): Intl.NumberFormat {
  const key = `${locale}:${currency}:${wholeUnits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: wholeUnits ? 0 : 2,
      maximumFractionDigits: wholeUnits ? 0 : 2,
    });
    formats.set(key, format);
  }
  return format;
}

/** The symbol alone ('$', 'CA$', '£'): the prefix of an amount field. */
export function currencySymbol(currency: string): string {
  return (
    moneyFormat(currency)
      .formatToParts(0)
      .find((p) => p.type === 'currency')?.value ?? currency
  );
}
