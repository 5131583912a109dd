import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CatalogueContext, type CatalogueState } from './catalogue-context';
import { getCatalogue } from './get-catalogue';

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  // The request in flight, so a retry (or StrictMode's double effect) never lets a stale answer win.
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'loading' });
    getCatalogue(controller.signal).then(
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
    load();
    return () => inFlight.current?.abort();
  }, [load]);

  const value = useMemo(() => ({ state, retry: load }), [state, load]);
  return <CatalogueContext value={value}>{children}</CatalogueContext>;
}
