/**
 * Web tests of a page in Telugu or Hindi: `beforeEach(() => showInLanguage('te'))`. Every catalogue
 * of the language is loaded (as a page has its own area's and the site's), and the setup switches
 * back to English after each test, so the English tests around it are untouched.
 */
import { i18n } from '@lingui/core';
import type { Locale } from '@store/shared/i18n/locales';
import { afterEach } from 'vitest';
import { activateLanguage } from '#src/lib/i18n/activate';
import { loadCatalogues, PAGE_AREAS } from '#src/lib/i18n/catalogues';

export async function showInLanguage(locale: Locale): Promise<void> {
  await loadCatalogues(locale, PAGE_AREAS);
  activateLanguage(locale);
}

afterEach(() => {
  if (i18n.locale !== 'en') activateLanguage('en');
});
