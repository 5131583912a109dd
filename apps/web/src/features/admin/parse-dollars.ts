/**
 * An amount typed in dollars ('25', '25.5', '$1,250.00') as integer cents, or null when it is not
 * one: more than two decimals would be rounded, i.e. silently changed, so they are refused.
 */
import { dollarsToCents } from '@store/shared/money';

// A symbol of the currencies the foundation takes may lead ('$25', 'CA$25', '£25'): all have cents.
const DOLLARS = /^(?:CA\$|\$|£)?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

export function parseDollars(text: string): number | null {
  const trimmed = text.trim();
  if (!DOLLARS.test(trimmed)) return null;
  return dollarsToCents(Number(trimmed.replace(/CA|[$£,\s]/g, '')));
}

/** Cents as the text of a dollars field: 1250 -> '12.50'. */
export function centsToField(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const NOT_DOLLARS = 'Enter an amount in dollars, like 25 or 25.50.';

/** An amount field's label in the order's currency: 'Amount in dollars' (as ever), 'Amount in CAD'. */
export function amountFieldLabel(currency: string): string {
  return currency === 'USD' ? 'Amount in dollars' : `Amount in ${currency}`;
}
