/**
 * Issue 22: whether the visitor checking out a monthly gift is signed in. A monthly gift is managed
 * from an account's dashboard, so the checkout asks for one inline when there is none (monthly-account.tsx).
 * Asked only when the bucket holds a monthly line; a signed-out visitor is never sent a profile call
 * (session-hint.ts), and an auth server that cannot be reached counts as signed out.
 */
import { useCallback, useEffect, useState } from 'react';
import { loadProfile } from '#src/lib/auth-api';
import { mayHaveSession } from '#src/lib/session-hint';

export type CheckoutAccount =
  | { status: 'not-needed' }
  | { status: 'checking' }
  | { status: 'guest' }
  | { status: 'signed-in'; email: string };

export function useCheckoutAccount(needed: boolean): {
  account: CheckoutAccount;
  signedIn: (email: string) => void;
} {
  const [account, setAccount] = useState<CheckoutAccount>(() =>
    needed ? (mayHaveSession() ? { status: 'checking' } : { status: 'guest' }) : { status: 'not-needed' },
  );

  useEffect(() => {
    if (!needed) {
      setAccount({ status: 'not-needed' });
      return;
    }
    if (!mayHaveSession()) {
      setAccount((now) => (now.status === 'signed-in' ? now : { status: 'guest' }));
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    loadProfile(signal).then(
      ({ user }) => {
        if (!signal.aborted) setAccount({ status: 'signed-in', email: user.email });
      },
      () => {
        if (!signal.aborted) setAccount({ status: 'guest' });
      },
    );
    return () => controller.abort();
  }, [needed]);

  const signedIn = useCallback((email: string) => setAccount({ status: 'signed-in', email }), []);
  return { account, signedIn };
}
