import { i18n } from '@lingui/core';
import { setMoneyLocale } from '@store/shared/currencies';
import { INTL_LOCALE, isLocale, type Locale } from '@store/shared/i18n/locales';

/**
 * Puts the page in `locale`: messages (Lingui) and the `Intl` formats of amounts, dates and counts.
 * Once per page load in the browser (main.tsx); once per language while pre-rendering.
 */
export function activateLanguage(locale: Locale): void {
  setMoneyLocale(INTL_LOCALE[locale]);
  i18n.activate(locale);
}

/** The language the page is in (English before any is activated). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** The `Intl` locale of the active language: 'en-US', 'te-IN', 'hi-IN'. */
export function intlLocale(): string {
  return INTL_LOCALE[activeLocale()];
}
