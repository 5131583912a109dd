import { isLocale, type Locale } from '@store/shared/i18n/locales';

/**
 * The language the server sent this page in: it chose from the `lang` query, the cookie a choice
 * left and the browser's Accept-Language, and wrote it on <html lang>. The browser follows it, so
 * the page hydrates in the words it was pre-rendered with.
 */
export function pageLocale(): Locale {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}
