import { type I18n, i18n } from '@lingui/core';

/**
 * The page's translations, for a component: `const { i18n } = useLingui(); i18n._('Give now')`.
 * Lingui's own hook needs its provider above every component; this one reads the one instance the
 * page activated (main.tsx, the pre-render, the tests' setup). Nothing re-renders on a change of
 * language because there is none while a page is open: choosing a language loads the page again,
 * pre-rendered in it. So a component renders alone too (a test, an error screen).
 */
export function useLingui(): { i18n: I18n } {
  return { i18n };
}
