/**
 * The site's languages (decision 0042): English, the source of every message and SPEC.md's wording,
 * Telugu and Hindi. One list for the browser, the pre-rendered pages, the server's e-mails and PDFs.
 */
export const LOCALES = ['en', 'te', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as the top bar's choice shows it (a reader finds their own script). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', te: 'తెలుగు', hi: 'हिन्दी' };

/**
 * What `Intl` formats numbers, dates and money with. English stays en-US, the store's format before
 * languages; Telugu and Hindi take India's conventions (lakh grouping, day-month order).
 */
export const INTL_LOCALE: Readonly<Record<Locale, string>> = { en: 'en-US', te: 'te-IN', hi: 'hi-IN' };

/** The query parameter a shared link carries (`/?lang=te`) and the cookie that remembers the choice. */
export const LANG_PARAM = 'lang';
export const LANG_COOKIE = 'lang';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The catalogues a language's messages are split into (lingui.config.ts says which code feeds
 * each): a page loads the site's catalogue and its own area's, never the whole language.
 * `mail` (e-mails) and `documents` (PDFs) are the server's; the server loads every catalogue.
 */
export const CATALOGUE_AREAS = ['site', 'pages', 'giving', 'event', 'account', 'mail', 'documents'] as const;
export type CatalogueArea = (typeof CATALOGUE_AREAS)[number];
