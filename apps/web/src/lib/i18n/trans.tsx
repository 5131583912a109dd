import { i18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import type { ComponentProps } from 'react';

/** Lingui's props (an id, values, components; a render function or a component, not both) without `lingui`. */
type TransProps =
  ComponentProps<typeof TransNoContext> extends infer P ? (P extends unknown ? Omit<P, 'lingui'> : never) : never;

/**
 * A message with elements inside it, `<Trans id={/*i18n*\/ 'Read the <0>terms</0>.'} components={{ 0: <a href="/terms" /> }} />`,
 * in the page's language (the extractor finds the id by its `/*i18n*\/` mark: it knows only Lingui's
 * own Trans by name). Lingui's own Trans reads its provider; this one the page's instance, as
 * useLingui does (use-lingui.ts).
 */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
