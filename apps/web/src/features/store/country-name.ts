/**
 * Names from the browser's own ICU data (Intl.DisplayNames): 'United Kingdom', 'Canadian Dollar'.
 * No list is shipped to the store's first visit for them.
 */
const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const currencies = new Intl.DisplayNames(['en'], { type: 'currency' });

export function countryName(code: string): string {
  return regions.of(code) ?? code;
}

export function currencyName(code: string): string {
  return currencies.of(code) ?? code;
}
