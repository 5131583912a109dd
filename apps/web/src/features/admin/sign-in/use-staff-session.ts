/**
 * Where the member stands: GET /api/staff/me on load decides (401: the sign-in form), then each
 * sign-in step hands over the session the server answered with. The session lives in an HttpOnly
 * cookie, so the page keeps no copy of anything secret: only what /me says.
 */
import type { StaffSession } from '@store/shared/staff';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { getStaffMe, postStaffLogout } from './sign-in-api';

export type StaffSessionState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'signed-out'; message: string | null }
  | { status: 'signed-in'; session: StaffSession };

export function useStaffSession() {
  const [state, setState] = useState<StaffSessionState>({ status: 'loading' });
  const inFlight = useRef<AbortController | null>(null);

  const check = useCallback(() => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'loading' });
    getStaffMe(controller.signal).then(
      (session) => {
        if (!controller.signal.aborted) setState({ status: 'signed-in', session });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiClientError && error.status === 401) setState({ status: 'signed-out', message: null });
        else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, []);

  useEffect(() => {
    check();
    return () => inFlight.current?.abort();
  }, [check]);

  const signedIn = useCallback((session: StaffSession) => setState({ status: 'signed-in', session }), []);
  const expire = useCallback((message: string | null) => setState({ status: 'signed-out', message }), []);

  const signOut = useCallback(async () => {
    try {
      await postStaffLogout();
    } catch {
      // Signed out either way on this page; the cookie ends with its session on the server.
    }
    setState({ status: 'signed-out', message: null });
  }, []);

  return { state, retry: check, signedIn, expire, signOut };
}
