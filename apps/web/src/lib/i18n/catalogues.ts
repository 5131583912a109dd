/**
 * The compiled message catalogues (lingui.config.ts), loaded per language and area: a page needs
 * the site's catalogue (top bar, footer, store) and its own area's. Each import is a chunk of its
 * own, so a Telugu visitor downloads Telugu and never Hindi, and `/` never the checkout's messages.
 */
import { i18n, type Messages } from '@lingui/core';
import type { CatalogueArea, Locale } from '@store/shared/i18n/locales';

/** The areas the browser shows; `mail` and `documents` are the server's alone. */
export type PageArea = Exclude<CatalogueArea, 'mail' | 'documents'>;
export const PAGE_AREAS: readonly PageArea[] = ['site', 'pages', 'giving', 'event', 'account'];

type Loader = () => Promise<{ messages: Messages }>;

// Literal paths, one per file: Vite can only split what it can see.
const LOADERS: Readonly<Record<PageArea, Readonly<Record<Locale, Loader>>>> = {
  site: {
    en: () => import('@store/shared/i18n/locales/en/site'),
    te: () => import('@store/shared/i18n/locales/te/site'),
    hi: () => import('@store/shared/i18n/locales/hi/site'),
  },
  pages: {
    en: () => import('@store/shared/i18n/locales/en/pages'),
    te: () => import('@store/shared/i18n/locales/te/pages'),
    hi: () => import('@store/shared/i18n/locales/hi/pages'),
  },
  giving: {
    en: () => import('@store/shared/i18n/locales/en/giving'),
    te: () => import('@store/shared/i18n/locales/te/giving'),
    hi: () => import('@store/shared/i18n/locales/hi/giving'),
  },
  event: {
    en: () => import('@store/shared/i18n/locales/en/event'),
    te: () => import('@store/shared/i18n/locales/te/event'),
    hi: () => import('@store/shared/i18n/locales/hi/event'),
  },
  account: {
    en: () => import('@store/shared/i18n/locales/en/account'),
    te: () => import('@store/shared/i18n/locales/te/account'),
    hi: () => import('@store/shared/i18n/locales/hi/account'),
  },
};

const loaded = new Map<string, Promise<void>>();

/** Loads each area's catalogue of `locale` once (a failed load is tried again by the next caller). */
export function loadCatalogues(locale: Locale, areas: readonly PageArea[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      const key = `${locale}/${area}`;
      let load = loaded.get(key);
      if (!load) {
        load = LOADERS[area][locale]().then(
          // A copy: Lingui merges later catalogues into the first object it was given, which
          // would otherwise be this module's own export, changed for every other reader of it.
          ({ messages }) => i18n.load(locale, { ...messages }),
          (error: unknown) => {
            loaded.delete(key);
            throw error;
          },
        );
        loaded.set(key, load);
      }
      return load;
    }),
  ).then(() => undefined);
}
