/**
 * The crash test's load (crash/checkouts-under-sigkill.test.ts), run as its own process:
 *
 *   BASE_URL=http://127.0.0.1:8123 OUT_FILE=/tmp/answers.jsonl CONCURRENCY=4 \
 *     node --import tsx reliability/crash/checkout-load.ts
 *
 * Each loop buys one open donation after another, as a browser does: a client token, a card
 * tokenized at the sandbox, the checkout with its own Idempotency-Key. When the server does not
 * answer (it was killed), the same key is sent again, with a fresh card nonce, once it is back,
 * which is what the checkout page does after a network error. Every answer is appended to OUT_FILE
 * as one JSON line the moment it arrives, so nothing is lost if this process is killed too.
 * SIGTERM: no new checkout starts; those in flight finish (or give up); then the process exits.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import {
  APPROVING_CARD,
  checkoutBody,
  checkoutBodyAt,
  DECLINING_CARD,
  openAmount,
  validCard,
} from '../../apps/server/test/checkout-helpers';
import type { LoadAnswer } from './load-answer';

const BASE_URL = process.env.BASE_URL ?? '';
const OUT_FILE = process.env.OUT_FILE ?? '';
const CONCURRENCY = Number(process.env.CONCURRENCY ?? '4');
/** How often a key still being charged (409) or unconfirmed (503) is asked about again before giving up. */
const SETTLE_TRIES = 6;
const REQUEST_TIMEOUT_MS = 15_000;

let stopping = false;
process.on('SIGTERM', () => {
  stopping = true;
});

class ServerDown extends Error {}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(`${BASE_URL}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new ServerDown(error instanceof Error ? error.message : String(error));
  }
}

async function json(res: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null ? { ...body } : {};
  } catch {
    // The connection broke in the middle of the body.
    throw new ServerDown('the answer was cut off');
  }
}

async function nonceFor(card: string, forwardedFor: string): Promise<string> {
  const token = await call('/api/public/payment/token', { headers: { 'x-forwarded-for': forwardedFor } });
  if (token.status !== 200) throw new ServerDown(`token: ${token.status}`);
  const { clientToken } = await json(token);
  const tokenized = await call('/api/public/payment/sandbox/tokenize', {
    method: 'POST',
    headers: {
      authorization: `Bearer ${String(clientToken)}`,
      'content-type': 'application/json',
      'x-forwarded-for': forwardedFor,
    },
    body: JSON.stringify(validCard({ number: card })),
  });
  if (tokenized.status !== 200) throw new ServerDown(`tokenize: ${tokenized.status}`);
  return String((await json(tokenized)).nonce);
}

function record(answer: LoadAnswer): void {
  appendFileSync(OUT_FILE, `${JSON.stringify(answer)}\n`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Place = { at?: Parameters<typeof checkoutBodyAt>[1]; details?: Parameters<typeof checkoutBodyAt>[3] };
const PLACES: readonly [Place, ...Place[]] = [
  {},
  {
    at: { center: '7', currency: 'CAD' },
    details: { donorStreet: '12 Finch Ave', donorCity: 'Toronto', donorProvince: 'ON', donorPostalCode: 'M2N 1A1' },
  },
  { at: { center: '8', currency: 'GBP' }, details: { giftAid: true, giftAidHouse: '12', giftAidPostcode: 'SW1A 1AA' } },
];

/** One donor's attempt, under one Idempotency-Key, until it has a final answer. */
async function buyOnce(): Promise<void> {
  const key = randomUUID();
  // $1.00 to $1,999.99: the sandbox declines $2,000.00 to $2,999.99, which this load leaves alone.
  const amountCents = randomInt(100, 200_000);
  const declining = randomInt(10) === 0;
  // Every donor their own address and e-mail: the card-testing limit counts per address and e-mail.
  const forwardedFor = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  // Each entity's gifts in its own currency and series (decision 0040): a third each at Dallas
  // (USD), Toronto (CAD, with the address its CRA receipt needs) and London (GBP, with Gift Aid).
  const email = `donor-${key.slice(0, 8)}@example.org`;
  const place = PLACES[randomInt(PLACES.length)] ?? PLACES[0];
  const body = (nonce: string) =>
    place.at
      ? checkoutBodyAt(nonce, place.at, [openAmount(8, amountCents / 100)], { ...place.details, email })
      : checkoutBody(nonce, [openAmount(8, amountCents / 100)], email);
  let sent = 0;
  let unsettled = 0;
  for (;;) {
    try {
      const nonce = await nonceFor(declining ? DECLINING_CARD : APPROVING_CARD, forwardedFor);
      sent += 1;
      const res = await call('/api/public/payment/checkout', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(body(nonce)),
      });
      const answer = await json(res);
      const pending = res.status === 409 || res.status === 503;
      if (pending) unsettled += 1;
      const final = !pending || unsettled >= SETTLE_TRIES || stopping;
      record({
        key,
        amountCents,
        declining,
        status: res.status,
        ...(typeof answer.orderId === 'string' ? { orderId: answer.orderId } : {}),
        ...(typeof answer.transactionId === 'string' ? { transactionId: answer.transactionId } : {}),
        retried: sent > 1,
        replayed: res.headers.get('idempotent-replayed') === 'true',
        final,
      });
      if (final) return;
      await sleep(500);
    } catch (error) {
      if (!(error instanceof ServerDown)) throw error;
      // The server is down (killed) or starting: try the same key again in a moment.
      if (stopping && sent === 0) return;
      await sleep(150);
    }
  }
}

async function loop(): Promise<void> {
  while (!stopping) await buyOnce();
}

if (!BASE_URL || !OUT_FILE) {
  console.error('BASE_URL and OUT_FILE are required');
  process.exit(2);
}
await Promise.all(Array.from({ length: CONCURRENCY }, loop));
process.exit(0);
