import { i18n } from '@lingui/core';
import { TransNoContext } from '@lingui/react/server';
import type { ComponentProps } from 'react';

type TransProps = Omit<ComponentProps<typeof TransNoContext>, 'lingui'>;

/**
 * A message with elements inside it, `<Trans id="Read the <0>terms</0>." components={{ 0: <a href="/terms" /> }} />`,
 * in the page's language. Lingui's own Trans reads its provider; this one the page's instance, as
 * useLingui does (use-lingui.ts). lingui.config.ts names this module, so the extractor finds it.
 */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
