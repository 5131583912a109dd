/** The verify page's one request (verify-email-once.ts) as a state to render, with a retry after a failure to connect. */
import type { PublicUser } from '@store/shared/auth';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthApi } from '#src/lib/auth-api';
import { isInvalidToken } from './link-token';
import { verifyEmailOnce } from './verify-email-once';

export type VerifyState =
  | { status: 'verifying' }
  | { status: 'verified'; user: PublicUser }
  | { status: 'invalid' }
  | { status: 'error'; message: string };

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
        else setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
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
