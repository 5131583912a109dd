/**
 * Whether this browser may hold a session, so that pages ask for the profile only then: an
 * anonymous visit makes no request whose only answer is 401 (which Chromium logs as an error in
 * the console). The session itself is the auth server's HttpOnly cookie, which no script can see;
 * the hint is kept beside it in localStorage (SIGNED_IN_STORAGE_KEY) by the calls that open and end
 * sessions (auth-api.ts, /auth-success), and a 401 clears it.
 *
 * Not a cookie set by the auth server: AUTH_BASE_URL may put that server on another origin, whose
 * cookies the site's scripts cannot read. Not SPEC.md's jwt_token either: only a Google sign-in
 * leaves one, in one tab, for five minutes, while the session lasts 30 days.
 */
import { SIGNED_IN_STORAGE_KEY } from '@store/shared/storage-keys';
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

/** True when a session may exist (signed in here and not logged out since); false for a stranger. */
export function mayHaveSession(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function write(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_STORAGE_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_STORAGE_KEY);
  } catch {
    // Privacy mode: without the hint the pages treat the visitor as signed out until they log in.
  }
  for (const listener of listeners) listener();
}

/** A login, a registration or a Google sign-in opened a session. */
export function rememberSession(): void {
  write(true);
}

/** Logged out, or the auth server said there is no session (401). */
export function forgetSession(): void {
  write(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signed in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SIGNED_IN_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** mayHaveSession() for rendering: false in the pre-rendered page and while hydrating. */
export function useMayHaveSession(): boolean {
  return useSyncExternalStore(subscribe, mayHaveSession, () => false);
}
