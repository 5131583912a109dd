/**
 * Abuse (issue 7), over real HTTP against the server process with the ALTCHA captcha on, as in
 * production: a solved captcha is accepted once (also when replayed from many connections at once),
 * only for its action, and not when tampered with; and a client cannot lower what an order costs
 * (a cheaper price for a catalogue item, a total in fractions of a cent): 400, nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { BOOK, checkoutBody } from '../../apps/server/test/checkout-helpers';
import { solvedAltchaToken } from '../../apps/server/test/solve-altcha';
import { describeWithDb } from '../../apps/server/test/test-db';
import { recordFigures } from '../support/figures';
import { count, errorCode, postJson, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

/** What the page sends as X-Captcha-Token: base64(JSON({ challenge, solution })). */
const tokenSchema = z.looseObject({ solution: z.looseObject({ derivedKey: z.string() }) });

describeWithDb('captcha replay and amount tampering', () => {
  let store: StoreServer;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    store = await startStoreServer({ CAPTCHA_PROVIDER: 'altcha', TRUST_PROXY: 'true' });
  });

  afterAll(async () => {
    recordFigures('abuse-captcha-amount', figures);
    await store?.close();
  });

  async function solved(): Promise<string> {
    const challenge = await send(store.baseUrl, '/api/public/captcha/challenge');
    return solvedAltchaToken(altchaChallengeSchema.parse(challenge.body));
  }

  function placeOrder(token: string, body: unknown = checkoutBody('fake-valid-nonce'), action = 'checkout') {
    return postJson(store.baseUrl, '/api/public/payment/checkout', body, {
      'idempotency-key': randomUUID(),
      'x-captcha-token': token,
      'x-captcha-action': action,
      // Its own address per order: the card-testing limit is not what is tested here.
      'x-forwarded-for': `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
    });
  }

  /** Orders the server answered 200 to: the only ones that may be stored (checked once, at the end). */
  let charged = 0;

  it('accepts a solved captcha once and refuses it when replayed', async () => {
    const token = await solved();
    const first = await placeOrder(token);
    expect(first.status).toBe(200);
    charged += 1;
    const replay = await placeOrder(token);
    expect(replay.status).toBe(403);
    expect(errorCode(replay)).toBe('captcha_failed');
  });

  it('accepts one solution sent from 12 connections at once exactly once', async () => {
    const token = await solved();
    const answers = await Promise.all(Array.from({ length: 12 }, () => placeOrder(token)));
    const statuses = count(answers, (a) => a.status);
    figures.concurrentReplay = { connections: 12, statuses };
    expect(statuses).toEqual({ 200: 1, 403: 11 });
    charged += 1;
  });

  it('refuses a solution for another action, a tampered one, and none at all', async () => {
    const forToken = await solved();
    expect((await placeOrder(forToken, undefined, 'payment_token')).status).toBe(403);
    // The proof is the derived key (the server checks it against the key signature it issued).
    const decoded = tokenSchema.parse(JSON.parse(Buffer.from(await solved(), 'base64').toString('utf8')));
    const key = decoded.solution.derivedKey;
    decoded.solution.derivedKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    const tampered = Buffer.from(JSON.stringify(decoded)).toString('base64');
    expect((await placeOrder(tampered)).status).toBe(403);
    expect((await placeOrder('')).status).toBe(403);
    const token = await send(store.baseUrl, '/api/public/payment/token', {
      headers: { 'x-captcha-action': 'payment_token' },
    });
    expect(token.status).toBe(403);
  });

  it("refuses a lowered total: the catalogue's price, not the client's", async () => {
    // Two books at $5.00, sent at a cent each with a total of two cents.
    const cheapBooks = { ...checkoutBody('fake-valid-nonce', [{ ...BOOK, price: 0.01 }]), amount: 0.02 };
    const lowered = await placeOrder(await solved(), cheapBooks);
    expect(lowered.status).toBe(400);
    expect(errorCode(lowered)).toBe('amount_mismatch');
    // The right total in dollars, but a tenth of a cent less.
    const fractional = { ...checkoutBody('fake-valid-nonce', [BOOK]), amount: 9.999 };
    const fraction = await placeOrder(await solved(), fractional);
    expect(fraction.status).toBe(400);
    // A negative quantity or price never gets past the schema.
    const negative = { ...checkoutBody('fake-valid-nonce', [{ ...BOOK, quantity: -2 }]), amount: -10 };
    expect((await placeOrder(await solved(), negative)).status).toBe(400);
  });

  it("refuses a lowered fee: the entity's fee setting, not the client's", async () => {
    // Two books ($10.00) with the fee covered: the server's fee at 2.9% + 30¢ is $0.61 ($10.61).
    const covering = (amount: number) => {
      const body = checkoutBody('fake-valid-nonce', [BOOK]);
      return { ...body, amount, customerDetails: { ...body.customerDetails, coverFee: true, amount } };
    };
    // The bucket's total alone, and a fee worked out at a lower rate (1% + 10¢: $0.21).
    for (const amount of [10, 10.21]) {
      const lowered = await placeOrder(await solved(), covering(amount));
      expect(lowered.status, String(amount)).toBe(400);
      expect(errorCode(lowered)).toBe('amount_mismatch');
    }
  });

  it('stored an order for each 200 and for nothing else', async () => {
    const stored = await store.query(
      async (db) => (await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]?.n,
    );
    expect(stored).toBe(charged);
  });
});
