/**
 * What a browser or an API client sends to a running server, over real HTTP: card nonces, checkout
 * and registration bodies, Basic credentials. Each call opens its own connection when others are
 * in flight, so concurrent calls are concurrent on the wire too.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { CartLine } from '@store/shared/cart';
import { basicAuthorization } from '../../apps/server/src/modules/admins/basic-credentials';
import {
  APPROVING_CARD,
  checkoutBody,
  checkoutBodyAt,
  openAmount,
  validCard,
} from '../../apps/server/test/checkout-helpers';

export type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

export async function send(baseUrl: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(new URL(path, baseUrl), { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) body = { ...parsed };
  } catch {
    body = { text };
  }
  return { status: res.status, body, headers: res.headers };
}

/** The `error.code` of an API error answer, or undefined. */
export function errorCode(answer: Answer): string | undefined {
  const parsed = apiErrorSchema.safeParse(answer.body);
  return parsed.success ? parsed.data.error.code : undefined;
}

export function postJson(baseUrl: string, path: string, payload: unknown, headers: Record<string, string> = {}) {
  return send(baseUrl, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(payload),
  });
}

/** A card nonce from the sandbox, as the checkout page gets one (captcha off on this server). */
export async function cardNonce(baseUrl: string, card = APPROVING_CARD): Promise<string> {
  const token = await send(baseUrl, '/api/public/payment/token');
  if (token.status !== 200) throw new Error(`token: ${token.status} ${JSON.stringify(token.body)}`);
  const tokenized = await postJson(baseUrl, '/api/public/payment/sandbox/tokenize', validCard({ number: card }), {
    authorization: `Bearer ${String(token.body.clientToken)}`,
  });
  if (tokenized.status !== 200) throw new Error(`tokenize: ${tokenized.status} ${JSON.stringify(tokenized.body)}`);
  return String(tokenized.body.nonce);
}

export function checkout(
  baseUrl: string,
  key: string,
  nonce: string,
  products?: CartLine[],
  headers: Record<string, string> = {},
  email?: string,
) {
  return postJson(baseUrl, '/api/public/payment/checkout', checkoutBody(nonce, products, email), {
    'idempotency-key': key,
    ...headers,
  });
}

/**
 * A checkout at another entity's center, in its currency (decision 0040): Toronto in CAD with the
 * address its CRA receipt needs, London in GBP with Gift Aid declared.
 */
export function checkoutIn(
  baseUrl: string,
  key: string,
  nonce: string,
  currency: 'USD' | 'CAD' | 'GBP',
  headers: Record<string, string> = {},
  email = 'asha@example.org',
) {
  if (currency === 'USD') return checkout(baseUrl, key, nonce, undefined, headers, email);
  const body =
    currency === 'CAD'
      ? checkoutBodyAt(nonce, { center: '7', currency }, [openAmount(8, 35)], {
          email,
          donorStreet: '12 Finch Ave',
          donorCity: 'Toronto',
          donorProvince: 'ON',
          donorPostalCode: 'M2N 1A1',
        })
      : checkoutBodyAt(nonce, { center: '8', currency }, [openAmount(8, 35)], {
          email,
          giftAid: true,
          giftAidHouse: '12',
          giftAidPostcode: 'SW1A 1AA',
        });
  return postJson(baseUrl, '/api/public/payment/checkout', body, { 'idempotency-key': key, ...headers });
}

export function basic(credentials: { username: string; password: string }): Record<string, string> {
  return { authorization: basicAuthorization(credentials), 'x-requested-with': 'XMLHttpRequest' };
}

/**
 * An open session to register into (site.json seeds them): the one with the most places left. The
 * registrations that use it ask for the waiting list when full, so they are stored either way.
 */
export async function openSessionId(baseUrl: string): Promise<number> {
  const answer = await send(baseUrl, '/api/public/event/sessions');
  const sessions = answer.body.sessions;
  if (!Array.isArray(sessions)) throw new Error(`no sessions listed: ${answer.status}`);
  let best: { id: number; placesLeft: number } | undefined;
  for (const session of sessions as unknown[]) {
    if (typeof session !== 'object' || session === null) continue;
    const { id, placesLeft } = session as { id?: unknown; placesLeft?: unknown };
    if (typeof id !== 'number' || typeof placesLeft !== 'number') continue;
    if (!best || placesLeft > best.placesLeft) best = { id, placesLeft };
  }
  if (!best) throw new Error('no open session: site.json seeds them');
  return best.id;
}

/** One adult registrant, valid (SPEC.md §5): the server tests' own. */
export { adultRegistrant as registrant } from '../../apps/server/test/registration-helpers';

export function count<T>(items: T[], key: (item: T) => string | number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
