import type { Locale } from '@store/shared/i18n/locales';

/**
 * The language of Braintree's Drop-in for the page's. The Drop-in speaks only the locales it ships
 * (braintree-web-drop-in's translations/: no te_IN and no hi_IN), so Telugu and Hindi pages show its
 * fields in US English, the wording SPEC.md §8 quotes, as English pages do. A language the Drop-in
 * supports later is one line here.
 */
const DROP_IN_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en_US',
  te: 'en_US',
  hi: 'en_US',
};

export function dropInLocale(locale: Locale): string {
  return DROP_IN_LOCALES[locale];
}
