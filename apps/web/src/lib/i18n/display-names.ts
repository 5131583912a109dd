/**
 * Names from the browser's own ICU data (Intl.DisplayNames), in the page's language: 'United
 * Kingdom', 'Canadian Dollar' in English, 'యునైటెడ్ కింగ్‌డమ్' in Telugu. No list is shipped to the
 * store's first visit for them.
 */
import { intlLocale } from './activate';

const names = new Map<string, Intl.DisplayNames>();
function displayNames(type: 'region' | 'currency'): Intl.DisplayNames {
  const locale = intlLocale();
  const key = `${locale} ${type}`;
  let found = names.get(key);
  if (!found) {
    found = new Intl.DisplayNames([locale], { type });
    names.set(key, found);
  }
  return found;
}

export function countryName(code: string): string {
  return displayNames('region').of(code) ?? code;
}

export function currencyName(code: string): string {
  return displayNames('currency').of(code) ?? code;
}
