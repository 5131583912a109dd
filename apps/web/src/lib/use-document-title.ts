import { messages } from '@store/shared/messages';
import { useEffect } from 'react';

/** Each screen names itself in the tab title, so history and screen-reader tab lists are readable. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page ? `${page} · ${messages.store.title}` : messages.store.title;
  }, [page]);
}
