/** The centers for the dropdown, with a retry: the form cannot be sent without choosing one. */
import type { Center } from '@store/shared/site';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCenters } from './get-centers';

export type CentersState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; centers: readonly Center[] };

export function useCenters(): CentersState & { retry: () => void } {
  const [state, setState] = useState<CentersState>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'loading' });
    getCenters(controller.signal).then(
      ({ centers }) => {
        if (!controller.signal.aborted) setState({ status: 'ready', centers });
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

  return { ...state, retry: load };
}
