/**
 * One page of the report for the applied filters and cursor. The page the login already fetched is
 * shown first without asking again. While the next page loads, the current one stays on screen.
 * A 401 means the credentials stopped working (changed or deleted admin): the caller logs out.
 */
import type { ReportQuery, ReportResponse } from '@store/shared/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { getReport } from './get-report';
import type { ReportCredentials } from './report-credentials';
import { pageParams } from './report-filters';

export type ReportPageState = {
  /** The last page that arrived; null after an error. */
  data: ReportResponse | null;
  loading: boolean;
  error: string | null;
};

type ReportPageOptions = {
  credentials: ReportCredentials;
  query: ReportQuery;
  cursor: string | undefined;
  /** The answer for `query` and `cursor` as first given (the login's page). */
  initial: ReportResponse;
  onUnauthorized: () => void;
};

export function useReportPage({ credentials, query, cursor, initial, onUnauthorized }: ReportPageOptions) {
  const [state, setState] = useState<ReportPageState>({ data: initial, loading: false, error: null });
  const [reloads, setReloads] = useState(0);
  const key = pageParams(query, cursor).toString();
  // What is on screen now, so the effect fetches only for a different page or an explicit reload.
  const shown = useRef({ key, reloads });
  const latest = useRef({ credentials, query, cursor, onUnauthorized });
  latest.current = { credentials, query, cursor, onUnauthorized };

  useEffect(() => {
    if (shown.current.key === key && shown.current.reloads === reloads) return;
    const controller = new AbortController();
    const { credentials, query, cursor, onUnauthorized } = latest.current;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    getReport(credentials, query, cursor, controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        shown.current = { key, reloads };
        setState({ data, loading: false, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiClientError && error.status === 401) return onUnauthorized();
        shown.current = { key, reloads };
        const message = error instanceof Error ? error.message : String(error);
        setState({ data: null, loading: false, error: message });
      },
    );
    return () => controller.abort();
  }, [key, reloads]);

  /** Asks again even if the page is the one on screen (Apply with the same filters, Retry). */
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, reload };
}
