/**
 * A list read page by page ("Load more" follows `nextCursor`). A new `key` (another search or
 * filter) starts again from the first page; the request in flight is aborted when it no longer
 * matters, so a stale answer never lands on the new list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStaffFailure } from './use-staff-failure';

/** A list's search or filter refused by the server (a bad value in the address, say). */
export const LIST_FILTER_REFUSED = 'This search or filter cannot be used. Change it and try again.';

export type Page<T> = { items: readonly T[]; nextCursor: string | null };

export type PagedList<T> = {
  items: readonly T[];
  /** Loading the first page ('loading') or the next one ('more'). */
  status: 'loading' | 'more' | 'ready' | 'error';
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  /** Replaces one item (an edit answered with the new version). */
  replace: (match: (item: T) => boolean, next: T) => void;
  reload: () => void;
};

export function usePagedList<T>(
  key: string,
  loadPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
): PagedList<T> {
  const failure = useStaffFailure();
  const [items, setItems] = useState<readonly T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [status, setStatus] = useState<PagedList<T>['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const loadRef = useRef(loadPage);
  loadRef.current = loadPage;

  const load = useCallback(
    (from: string | undefined) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      setStatus(from === undefined ? 'loading' : 'more');
      setError(null);
      loadRef.current(from, controller.signal).then(
        (page) => {
          if (controller.signal.aborted) return;
          setItems((now) => (from === undefined ? page.items : [...now, ...page.items]));
          setCursor(page.nextCursor);
          setStatus('ready');
        },
        (caught: unknown) => {
          if (controller.signal.aborted) return;
          const failed = failure(caught);
          // A list has no field to show a refused filter at: say so in words.
          setError(Object.keys(failed.fields).length > 0 ? LIST_FILTER_REFUSED : failed.message);
          setStatus('error');
        },
      );
    },
    [failure],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what says the list must start again.
  useEffect(() => {
    setItems([]);
    setCursor(null);
    load(undefined);
    return () => inFlight.current?.abort();
  }, [key, load]);

  const replace = useCallback((match: (item: T) => boolean, next: T) => {
    setItems((now) => now.map((item) => (match(item) ? next : item)));
  }, []);

  return {
    items,
    status,
    error,
    hasMore: cursor !== null,
    loadMore: () => {
      if (cursor !== null) load(cursor);
    },
    replace,
    reload: () => load(undefined),
  };
}
