/**
 * The catalogue document the editor shows, loaded once, replaced by each edit's answer (which
 * carries the new version the next edit is based on), and reloaded on demand (after a 409).
 */
import type { StaffCatalogue } from '@store/shared/site-content';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getStaffCatalogue } from './catalogue-api';

export type CatalogueState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; catalogue: StaffCatalogue };

export function useStaffCatalogue() {
  const [state, setState] = useState<CatalogueState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef<StaffCatalogue | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how reload() asks for a new load
  useEffect(() => {
    const controller = new AbortController();
    // Reloads keep showing the current document until the new one arrives.
    if (!latest.current) setState({ status: 'loading' });
    getStaffCatalogue(controller.signal).then(
      (catalogue) => {
        latest.current = catalogue;
        setState({ status: 'ready', catalogue });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: 'failed',
          message: error instanceof Error ? error.message : 'The catalogue could not be loaded.',
        });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const apply = useCallback((catalogue: StaffCatalogue) => {
    latest.current = catalogue;
    setState({ status: 'ready', catalogue });
  }, []);
  /** The version the next edit is based on: the latest answer's, never a stale render's. */
  const version = useCallback(() => latest.current?.version ?? 0, []);
  return { state, reload, apply, version };
}
