import { messages } from '@store/shared/messages';
import { useEffect } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

/** Each screen names itself in the tab title, so history and screen-reader tab lists are readable. */
export function useDocumentTitle(page?: string): void {
  const { i18n } = useLingui();
  const site = i18n._(messages.store.title);
  useEffect(() => {
    document.title = page ? `${page} · ${site}` : site;
  }, [page, site]);
}
