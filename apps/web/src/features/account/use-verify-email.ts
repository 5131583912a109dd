/** The verify page's one request (verify-email-once.ts) as a state to render, with a retry after a failure to connect. */
import type { PublicUser } from '@store/shared/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import type { AuthApi } from '#src/lib/auth-api';
import { isInvalidToken } from './link-token';
import { verifyEmailOnce } from './verify-email-once';

export type VerifyState =
  | { status: 'verifying' }
  | { status: 'verified'; user: PublicUser }
  | { status: 'invalid' }
  /** `retry`: only when the server never answered or failed (a refusal would only be repeated). */
  | { status: 'error'; message: string; retry: boolean };

export function useVerifyEmail(api: AuthApi, token: string): { state: VerifyState; retry: () => void } {
  const [state, setState] = useState<VerifyState>({ status: 'verifying' });
  // Not an abort on unmount: StrictMode's remount must read the same request's answer, not cancel it.
  const mounted = useRef(false);

  const verify = useCallback(() => {
    setState({ status: 'verifying' });
    verifyEmailOnce(api, token).then(
      ({ user }) => {
        if (mounted.current) setState({ status: 'verified', user });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        if (isInvalidToken(error)) setState({ status: 'invalid' });
        else setState({ status: 'error', message: messageOf(error), retry: mayRetry(error) });
      },
    );
  }, [api, token]);

  useEffect(() => {
    mounted.current = true;
    verify();
    return () => {
      mounted.current = false;
    };
  }, [verify]);

  return { state, retry: verify };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** E.g. 409: the new address was taken by another account meanwhile; trying again cannot help. */
function mayRetry(error: unknown): boolean {
  return !(error instanceof ApiClientError) || error.status === undefined || error.status >= 500;
}
