/**
 * Every back-office call (packages/shared/src/staff.ts): through the api client, so answers are
 * checked with the shared schemas and failures arrive as ApiClientError. `same-origin` says in so
 * many words that the staff cookie (HttpOnly: this page never sees it) travels to our own server
 * and nowhere else.
 */
import type { z } from 'zod';
import { getJson, sendJson, sendWithoutBody } from '#src/lib/api-client';

const CREDENTIALS = 'same-origin';

export function staffGet<T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return getJson(path, async () => schema, { signal, credentials: CREDENTIALS });
}

type SendOptions = {
  method?: 'POST' | 'PATCH';
  /** A money call's attempt key (lib/use-attempt-key.ts): the same key never moves money twice. */
  idempotencyKey?: string;
};

export function staffSend<T>(path: string, body: unknown, schema: z.ZodType<T>, options: SendOptions = {}): Promise<T> {
  const { method = 'POST', idempotencyKey } = options;
  return sendJson(path, body, async () => schema, {
    method,
    credentials: CREDENTIALS,
    headers: idempotencyKey === undefined ? undefined : { 'Idempotency-Key': idempotencyKey },
  });
}

/** A call answered with 204 (the sign-out). */
export function staffSendWithoutBody(path: string): Promise<void> {
  return sendWithoutBody(path, { credentials: CREDENTIALS });
}

/** `path?q=…&cursor=…`, leaving out the empty ones. */
export function withParams(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}
