/** How the back office names a country, a currency and a set of receipt rules (the center and entity forms). */
import type { Currency } from '@store/shared/currencies';
import type { EntityCountry, ReceiptRules } from '@store/shared/site';

export const COUNTRY_LABELS: Record<EntityCountry, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
};

export const CURRENCY_LABELS: Record<Currency, string> = {
  USD: 'US dollars (USD)',
  CAD: 'Canadian dollars (CAD)',
  GBP: 'Pounds sterling (GBP)',
};

export const RULES_LABELS: Record<ReceiptRules, string> = {
  'us-irs': 'IRS receipts (Publication 1771)',
  'ca-cra': 'CRA official receipts',
  'uk-gift-aid': 'Gift Aid declarations (no tax receipt)',
};
