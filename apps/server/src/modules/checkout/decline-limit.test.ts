/**
 * Card-testing defence through the checkout route: five declines in ten minutes from one address
 * or for one e-mail, then 429 with Retry-After, with nothing charged or stored; everyone else, and
 * the honest donor who mistyped once, goes through.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentDeclines } from '#src/modules/ledger/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, countRows, openAmount, postCheckout } from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';

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

  describe('attempts that arrive together (issue 18)', () => {
    /** Charges the gateway's ledger holds for orders of this address or e-mail. */
    async function charged(match: ReturnType<typeof sql>): Promise<number> {
      const { rows } = await t.testDb.db.execute<{ n: number }>(sql`
        select count(*)::int as n from sandbox_transactions s join orders o on o.id::text = s.order_id::text
        where ${match}`);
      return rows[0]?.n ?? -1;
    }

    it('lets at most five of 20 declining cards sent at once from one address reach the gateway', async () => {
      const ip = '10.8.0.1';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postCheckout(t.app, { body: checkoutBody(DECLINED, undefined, `burst${i}@example.org`), remoteAddress: ip }),
        ),
      );
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 402).length).toBeLessThanOrEqual(5);
      expect(statuses.every((s) => s === 402 || s === 429)).toBe(true);
      expect(await charged(sql`o.client_ip = ${ip}`)).toBeLessThanOrEqual(5);
    });

    it('lets at most five of 20 declining cards sent at once for one e-mail reach the gateway', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postCheckout(t.app, {
            body: checkoutBody(DECLINED, undefined, 'burst@example.org'),
            remoteAddress: `10.9.0.${i + 1}`,
          }),
        ),
      );
      expect(answers.filter((res) => res.statusCode === 402).length).toBeLessThanOrEqual(5);
      expect(await charged(sql`lower(o.email) = 'burst@example.org'`)).toBeLessThanOrEqual(5);
    });

    it('lets twelve good cards sent at once from one address all pay: they wait for a place', async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          postCheckout(t.app, {
            body: checkoutBody(APPROVED, undefined, `office${i}@example.org`),
            remoteAddress: '10.8.0.2',
          }),
        ),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    });

    /** Five pending orders from `ip` (five checkouts being charged), none declined yet. */
    async function fivePending(ip: string): Promise<void> {
      await t.testDb.db.execute(sql`
        insert into orders (id, idempotency_key, request_hash, status, amount_cents, center_id, center_name,
          first_name, last_name, email, mobile, products, item_count, gateway, client_ip)
        select gen_random_uuid(), gen_random_uuid()::text, 'h', 'pending', 100, 2, 'C', 'A', 'B',
          'pending' || n || '@example.org', '5125550123', '[]'::jsonb, 1, 'sandbox', ${ip}
        from generate_series(1, 5) as n`);
    }

    it('counts a checkout still at the gateway as a place taken, and frees it when it is paid', async () => {
      const ip = '10.8.0.3';
      await fivePending(ip);
      const waiting = postCheckout(t.app, {
        body: checkoutBody(APPROVED, undefined, 'sixth@example.org'),
        remoteAddress: ip,
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      // One of them is paid: its place frees, and the sixth goes through.
      await t.testDb.db.execute(sql`
        update orders set status = 'succeeded', transaction_id = 'tx-freed'
        where id = (select id from orders where client_ip = ${ip} and status = 'pending' order by email limit 1)`);
      const res = await waiting;
      expect(res.statusCode).toBe(200);
    });

    it('refuses with 429 and Retry-After when no place frees up within ten seconds, storing nothing', async () => {
      const ip = '10.8.0.4';
      await fivePending(ip);
      const before = await countRows(t.testDb.db);
      const res = await postCheckout(t.app, {
        body: checkoutBody(APPROVED, undefined, 'patient@example.org'),
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({
        code: 'too_many_declines',
        message: 'Too many payments are being made from here at once. Please wait 1 minute and try again.',
      });
      expect(res.headers['retry-after']).toBe('60');
      expect(await countRows(t.testDb.db)).toEqual(before);
    });
  });
});
