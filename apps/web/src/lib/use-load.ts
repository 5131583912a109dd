/**
 * Loads data once on mount, with a retry. The request in flight is aborted when a retry starts or
 * the component goes away, so a stale answer (or StrictMode's double effect) never wins.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export type LoadState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

export function useLoad<T>(fetcher: (signal: AbortSignal) => Promise<T>): { state: LoadState<T>; retry: () => void } {
  const [state, setState] = useState<LoadState<T>>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);
  // The latest fetcher, without making `retry` change identity on every render.
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const retry = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'loading' });
    fetcherRef.current(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  useEffect(() => {
    retry();
    return () => inFlight.current?.abort();
  }, [retry]);

  return { state, retry };
}
