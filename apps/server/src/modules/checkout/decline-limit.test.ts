/**
 * Card-testing defence through the checkout route: five declines in ten minutes from one address
 * or for one e-mail, then 429 with Retry-After, with nothing charged or stored; everyone else, and
 * the honest donor who mistyped once, goes through.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, countRows, openAmount, postCheckout } from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';
import { orders, paymentDeclines } from './tables';

const DECLINED = 'fake-processor-declined-visa-nonce';
const APPROVED = 'fake-valid-nonce';

describeWithDb('card-testing defence', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('lets an honest donor who was declined once pay at once', async () => {
    const body = (nonce: string) => checkoutBody(nonce, undefined, 'honest@example.org');
    expect((await postCheckout(t.app, { body: body(DECLINED), remoteAddress: '10.2.0.1' })).statusCode).toBe(402);
    expect((await postCheckout(t.app, { body: body(APPROVED), remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it('refuses a sixth attempt from an address with five declines, with Retry-After, storing nothing', async () => {
    const ip = '10.2.0.2';
    for (let i = 0; i < 5; i += 1) {
      const res = await postCheckout(t.app, {
        body: checkoutBody(DECLINED, undefined, `tester${i}@example.org`),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(402);
    }
    const key = randomUUID();
    const before = await countRows(t.testDb.db);
    const res = await postCheckout(t.app, {
      body: checkoutBody(APPROVED, undefined, 'fresh@example.org'),
      key,
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'too_many_declines',
      message: 'Too many declined payments. Please wait 10 minutes and try again.',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(590);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await countRows(t.testDb.db)).toEqual(before);
    expect(await t.testDb.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);

    // Another address with another e-mail is not affected.
    const other = await postCheckout(t.app, {
      body: checkoutBody(APPROVED, undefined, 'fresh@example.org'),
      remoteAddress: '10.2.0.3',
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts declines per e-mail too, whatever the address and the case', async () => {
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 ? 'Card.Tester@Example.org' : 'card.tester@example.org';
      await postCheckout(t.app, { body: checkoutBody(DECLINED, undefined, email), remoteAddress: `10.3.0.${i}` });
    }
    const res = await postCheckout(t.app, {
      body: checkoutBody(APPROVED, undefined, 'CARD.TESTER@example.org'),
      remoteAddress: '10.3.0.99',
    });
    expect(res.statusCode).toBe(429);
  });

  it('says when the window frees up: when the fifth newest decline leaves it', async () => {
    const ip = '10.4.0.1';
    // Six declines, 9.5 down to 7 minutes old: one more must leave before the count is under five.
    for (const minutesAgo of [9.5, 9, 8.5, 8, 7.5, 7]) {
      await t.testDb.db.insert(paymentDeclines).values({
        clientIp: ip,
        email: 'window@example.org',
        createdAt: sql`now() - make_interval(secs => ${minutesAgo * 60})`,
      });
    }
    const res = await postCheckout(t.app, {
      body: checkoutBody(APPROVED, undefined, 'x@example.org'),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    // The fifth newest is 9 minutes old: free in about a minute.
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.json().error.message).toBe('Too many declined payments. Please wait 1 minute and try again.');
  });

  it('forgets declines older than ten minutes', async () => {
    const ip = '10.5.0.1';
    for (let i = 0; i < 5; i += 1) {
      await t.testDb.db.insert(paymentDeclines).values({
        clientIp: ip,
        email: 'old@example.org',
        createdAt: sql`now() - interval '11 minutes'`,
      });
    }
    const res = await postCheckout(t.app, {
      body: checkoutBody(APPROVED, undefined, 'old@example.org'),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
  });

  it('still replays an earlier answer to a limited address (it charges nothing)', async () => {
    const ip = '10.6.0.1';
    const key = randomUUID();
    const body = checkoutBody(DECLINED, undefined, 'replay@example.org');
    const first = await postCheckout(t.app, { body, key, remoteAddress: ip });
    for (let i = 0; i < 4; i += 1) {
      await postCheckout(t.app, { body: checkoutBody(DECLINED, undefined, 'replay@example.org'), remoteAddress: ip });
    }
    const again = await postCheckout(t.app, { body, key, remoteAddress: ip });
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual(first.json());
  });

  it('answers a key with a charged order before the limit: its stored answer, or 422 for another body', async () => {
    const ip = '10.6.0.2';
    const key = randomUUID();
    const body = checkoutBody(APPROVED, undefined, 'charged@example.org');
    const first = await postCheckout(t.app, { body, key, remoteAddress: ip });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      await postCheckout(t.app, { body: checkoutBody(DECLINED, undefined, 'charged@example.org'), remoteAddress: ip });
    }
    // Over the limit now: a new key is refused.
    expect((await postCheckout(t.app, { body, remoteAddress: ip })).statusCode).toBe(429);
    const before = await countRows(t.testDb.db);
    const again = await postCheckout(t.app, { body, key, remoteAddress: ip });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await postCheckout(t.app, {
      body: checkoutBody(APPROVED, [openAmount(7, 99)], 'charged@example.org'),
      key,
      remoteAddress: ip,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(await countRows(t.testDb.db)).toEqual(before);
  });
});
