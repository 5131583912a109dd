import { i18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import type { ComponentProps } from 'react';

/** Lingui's props (an id, values, components; a render function or a component, not both) without `lingui`. */
type TransProps =
  ComponentProps<typeof TransNoContext> extends infer P ? (P extends unknown ? Omit<P, 'lingui'> : never) : never;

/**
 * A message with elements inside it, `<Trans id="Read the <0>terms</0>." components={{ 0: <a href="/terms" /> }} />`,
 * in the page's language. Lingui's own Trans reads its provider; this one the page's instance, as
 * useLingui does (use-lingui.ts). lingui.config.ts names this module, so the extractor finds it.
 */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
