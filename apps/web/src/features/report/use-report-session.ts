/**
 * The report's login state (SPEC.md §4 "Report", §8): logging in is a GET /api/report-data with
 * the credentials; success keeps them in sessionStorage (`report-auth`) and opens the report with
 * the page it returned; ANY failure (401, 429, 5xx, no network, a bad answer) shows
 * 'Invalid credentials or server error.' and clears them. A reload with stored credentials checks
 * them the same way, so it stays logged in while they still work.
 */
import { type ReportResponse, reportMessages, reportQuerySchema } from '@store/shared/report';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { getReport } from './get-report';
import { clearStoredCredentials, readStoredCredentials, storeCredentials } from './report-auth-storage';
import type { ReportCredentials } from './report-credentials';

export type ReportSession =
  /** Checking credentials found in sessionStorage at start. */
  | { status: 'restoring' }
  | { status: 'logged-out'; message: string | null; pending: boolean }
  | { status: 'logged-in'; credentials: ReportCredentials; firstPage: ReportResponse };

/** The unfiltered first page: what a login asks for, and what the report shows first. */
export const FIRST_PAGE_QUERY = reportQuerySchema.parse({});

const loggedOut = (message: string | null, pending = false): ReportSession => ({
  status: 'logged-out',
  message,
  pending,
});

export function useReportSession() {
  const [session, setSession] = useState<ReportSession>(() => loggedOut(null));
  const inFlight = useRef<AbortController | null>(null);

  const open = useCallback((credentials: ReportCredentials) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    getReport(credentials, FIRST_PAGE_QUERY, undefined, controller.signal).then(
      (firstPage) => {
        if (controller.signal.aborted) return;
        storeCredentials(credentials);
        setSession({ status: 'logged-in', credentials, firstPage });
      },
      () => {
        if (controller.signal.aborted) return;
        clearStoredCredentials();
        setSession(loggedOut(reportMessages.loginFailed));
      },
    );
  }, []);

  // Stored credentials are read once, at start, but after the first render: the pre-rendered page
  // (and so the render that hydrates it) is the login form, as the server cannot see sessionStorage.
  // A layout effect, so a visitor with credentials never sees the form flash when nothing is hydrated.
  useLayoutEffect(() => {
    // A corrupt value is dropped on the way.
    const stored = readStoredCredentials();
    if (stored) {
      setSession({ status: 'restoring' });
      open(stored);
    }
    return () => inFlight.current?.abort();
  }, [open]);

  const login = useCallback(
    (credentials: ReportCredentials) => {
      setSession(loggedOut(null, true));
      open(credentials);
    },
    [open],
  );

  /** Back to the login form, the stored credentials gone; `message` says why (e.g. a 401 mid-use). */
  const logout = useCallback((message: string | null = null) => {
    inFlight.current?.abort();
    clearStoredCredentials();
    setSession(loggedOut(message));
  }, []);

  return { session, login, logout };
}
