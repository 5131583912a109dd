/**
 * What an item costs, and which entity takes a center's gifts, in each currency: plain functions
 * without zod, so the store's first visit can price its cards (decision 0020 keeps the validator
 * out of it). The shapes are site.ts's.
 */
import { CURRENCIES, type Currency, DEFAULT_CURRENCY } from './currencies';

/**
 * An item's price in a currency: its unit price (0 for an open amount), or null when it is not
 * sold in that currency. One rule for the store's cards and the server's pricing.
 */
export function itemPrice(
  item: { price: number; prices?: Partial<Record<Currency, number>> | undefined },
  currency: Currency,
): number | null {
  if (item.price === 0) return 0;
  if (currency === DEFAULT_CURRENCY) return item.price;
  return item.prices?.[currency] ?? null;
}

/** The fair market value per unit of what a goods or services item gives back, in a currency. */
export function benefitValue(
  benefit: { fairMarketValue: number; fairMarketValues?: Partial<Record<Currency, number>> | undefined },
  currency: Currency,
): number {
  return currency === DEFAULT_CURRENCY ? benefit.fairMarketValue : (benefit.fairMarketValues?.[currency] ?? 0);
}

/** The entity taking a center's gifts, by the center's country. */
export function entityOfCenter<E extends { country: string }>(
  entities: readonly E[],
  center: { country: string },
): E | undefined {
  return entities.find((e) => e.country === center.country);
}

/** The entity's Braintree merchant account, so a sale is taken in its currency (undefined: the default one). */
export function merchantAccountOf(
  entities: readonly { key: string; merchantAccountId?: string | undefined }[],
  entityKey: string,
): string | undefined {
  return entities.find((e) => e.key === entityKey)?.merchantAccountId;
}

/** The giving panel's amounts in a currency: its own list, else the same numbers. */
export function suggestedAmountsFor(
  giving: { suggestedAmounts: number[]; suggestedAmountsByCurrency?: Partial<Record<Currency, number[]>> | undefined },
  currency: Currency,
): number[] {
  return giving.suggestedAmountsByCurrency?.[currency] ?? giving.suggestedAmounts;
}

/**
 * The currencies an item is priced in whose fair market value it lacks, when it gives goods or
 * services back: the receipt's deductible part in that currency could not be known. Empty when whole.
 */
export function currenciesWithoutValue(item: {
  prices?: Partial<Record<Currency, number>> | undefined;
  benefit?: { kind: string; fairMarketValues?: Partial<Record<Currency, number>> | undefined } | undefined;
}): Currency[] {
  const benefit = item.benefit;
  if (!benefit || (benefit.kind !== 'goods' && benefit.kind !== 'services')) return [];
  return CURRENCIES.filter((c) => item.prices?.[c] !== undefined && benefit.fairMarketValues?.[c] === undefined);
}
