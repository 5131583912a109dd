/**
 * Country and currency names in the page's language: 'United Kingdom', 'Canadian Dollar' in
 * English, 'యునైటెడ్ కింగ్‌డమ్' in Telugu. The English name is ICU's (Intl.DisplayNames); the
 * translation comes from the catalogue, never from the browser's ICU, whose Telugu and Hindi names
 * differ from the pre-rendering Node's and broke a page's hydration (the country list, countries.ts).
 * A country or currency the catalogue lacks (an entity staff add later) reads in English.
 */
import { i18n } from '@lingui/core';
import { knownText } from './known-text';

/**
 * The names of the countries and currencies the foundation's entities use today (site.json), for
 * the extractor; their translations were first taken from ICU's.
 */
export const ENTITY_NAMES = [
  /*i18n*/ 'United States',
  /*i18n*/ 'Canada',
  /*i18n*/ 'United Kingdom',
  /*i18n*/ 'US Dollar',
  /*i18n*/ 'Canadian Dollar',
  /*i18n*/ 'British Pound',
] as const;

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const currencies = new Intl.DisplayNames(['en'], { type: 'currency' });

export function countryName(code: string): string {
  return knownText(i18n, regions.of(code) ?? code);
}

export function currencyName(code: string): string {
  return knownText(i18n, currencies.of(code) ?? code);
}
