/**
 * The Idempotency-Key of the current attempt at a request that must not happen twice: an order
 * (DESIGN.md "Money and orders") or an event registration. It is made on the first submit and kept
 * until the server gives a definite answer: a re-submit after a network error, a 5xx or any other
 * unclear outcome sends the same key, so the server answers with the first attempt's result
 * instead of charging a card or storing a registration a second time.
 */
import { useMemo, useRef } from 'react';

export type AttemptKey = {
  /**
   * This attempt's key, made on first use. With `request` (the request as sent, serialised), a
   * different request starts a new attempt: a key is only ever reused for the same data, since the
   * server refuses a key that comes back with another body.
   */
  get: (request?: string) => string;
  /** The attempt has a definite outcome: the next submit is a new attempt with a new key. */
  finish: () => void;
};

export function useAttemptKey(): AttemptKey {
  const attempt = useRef<{ key: string; request: string | undefined } | null>(null);
  return useMemo(
    () => ({
      get: (request) => {
        if (!attempt.current || (request !== undefined && request !== attempt.current.request)) {
          attempt.current = { key: newUuid(), request };
        }
        return attempt.current.key;
      },
      finish: () => {
        attempt.current = null;
      },
    }),
    [],
  );
}

/** crypto.randomUUID exists only in secure contexts; a site served over plain http still needs a key. */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
