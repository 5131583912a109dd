/**
 * The sandbox tokenizer and the client token route, through the app: the card is checked with the
 * widget's rules, only a signed unexpired client token may tokenize, and the card number ends up
 * nowhere: not in any text column of the database, not in the logs.
 */
import { Writable } from 'node:stream';
import { widgetMessages } from '@store/shared/card';
import { clientTokenResponseSchema } from '@store/shared/checkout';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client';
import { createLogger } from '#src/logger';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import {
  checkoutBody,
  clientToken,
  DECLINING_CARD,
  postCheckout,
  sandboxNonce,
  validCard,
} from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';
import { CLIENT_TOKEN_TTL_MS, createSandboxClientToken } from './gateways/sandbox-client-token';
import { sandboxNonces } from './gateways/sandbox-tables';

const TOKENIZE = '/api/public/payment/sandbox/tokenize';

/** Every text-like value of every table, as one string per column, to search for leaked card data. */
async function allStoredText(db: Database): Promise<string> {
  const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'jsonb', 'json', 'character varying')`);
  expect(columns.rows.length).toBeGreaterThan(10);
  const parts: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const rows = await db.execute<{ value: string | null }>(
      sql`select string_agg(${sql.identifier(column_name)}::text, ' ') as value from ${sql.identifier(table_name)}`,
    );
    parts.push(rows.rows[0]?.value ?? '');
  }
  return parts.join('\n');
}

describeWithDb('sandbox tokenizer and client token', () => {
  let t: TestApp;
  let logs = '';
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    // Trace: everything Fastify and the modules would ever log.
    t = await buildTestApp({ logger: createLogger('trace', sink) });
  });
  afterAll(() => t?.close());

  it('GET /api/public/payment/token answers a client token and the gateway name, uncacheable', async () => {
    const res = await t.app.inject({ url: '/api/public/payment/token' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(clientTokenResponseSchema.parse(res.json())).toEqual({
      clientToken: expect.any(String),
      gateway: 'sandbox',
    });
  });

  it('exchanges a valid card for a nonce, answering brand and last four like Braintree', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENIZE,
      headers: { authorization: `Bearer ${await clientToken(t.app)}` },
      payload: validCard({ number: '3782 822463 10005', cvv: '1234' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { nonce, details } = res.json();
    expect(details).toEqual({ cardType: 'American Express', lastFour: '0005' });
    const [row] = await t.testDb.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, nonce));
    expect(row).toMatchObject({ brand: 'American Express', lastFour: '0005', outcome: 'approve', consumedAt: null });
    // Braintree nonces live three hours.
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(lifetime).toBeGreaterThan(2.9 * 3600_000);
    expect(lifetime).toBeLessThan(3.1 * 3600_000);
  });

  it('marks the declining test card so its sale declines', async () => {
    const nonce = await sandboxNonce(t.app, { number: DECLINING_CARD });
    const [row] = await t.testDb.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, nonce));
    expect(row?.outcome).toBe('decline');
  });

  it.each([
    ['no Authorization header', undefined],
    ['a token that is not ours', 'Bearer sandbox_e30.AAAA'],
    ['a tampered token', 'tampered'],
    ['an expired token', 'expired'],
    ['another scheme', 'Basic abc'],
  ])('refuses %s with 401, before looking at the card', async (_name, header) => {
    let authorization = header;
    if (header === 'tampered')
      authorization = `Bearer ${(await clientToken(t.app)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`;
    if (header === 'expired') {
      authorization = `Bearer ${createSandboxClientToken(TEST_SESSION_SECRET, Date.now() - CLIENT_TOKEN_TTL_MS - 1000)}`;
    }
    const before = await t.testDb.db.$count(sandboxNonces);
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENIZE,
      headers: authorization ? { authorization } : {},
      // An invalid card: the 401 must come first, so nobody learns which numbers pass without a token.
      payload: validCard({ number: '1234' }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    expect(await t.testDb.db.$count(sandboxNonces)).toBe(before);
  });

  it('refuses a bad card with 400 naming each field with the widget’s messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKENIZE,
      headers: { authorization: `Bearer ${await clientToken(t.app)}` },
      payload: { number: '4111 1111 1111 1112', expirationDate: '01/20', cvv: '12', cardholderName: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      number: widgetMessages.numberInvalid,
      expirationDate: widgetMessages.expiryInvalid,
      cvv: widgetMessages.cvvInvalid,
      cardholderName: widgetMessages.nameRequired,
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: TOKENIZE,
      headers: { authorization: `Bearer ${await clientToken(t.app)}` },
      payload: { number: '', expirationDate: '', cvv: '', cardholderName: 'A' },
    });
    expect(empty.json().error.fields).toEqual({
      number: widgetMessages.numberRequired,
      expirationDate: widgetMessages.expiryRequired,
      cvv: widgetMessages.cvvRequired,
    });
  });

  describe('card data', () => {
    it('is stored nowhere and logged nowhere, nor is the nonce logged', async () => {
      const number = '4111111111111111';
      const nonce = await sandboxNonce(t.app, { number, cvv: '987' });
      const res = await postCheckout(t.app, { body: checkoutBody(nonce), remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(200);
      // A refused card too: its number must not be echoed in an error or a log line.
      await t.app.inject({
        method: 'POST',
        url: TOKENIZE,
        headers: { authorization: `Bearer ${await clientToken(t.app)}` },
        payload: validCard({ number: '4111111111111112', cvv: '987' }),
      });

      const stored = await allStoredText(t.testDb.db);
      expect(stored).toContain('1111'); // the last four are kept, as Braintree shows them
      for (const leaked of [number, '4111 1111 1111 1111', '4111111111111112']) {
        expect(stored).not.toContain(leaked);
        expect(logs).not.toContain(leaked);
      }
      expect(logs).not.toContain(nonce);
      // A bare 987 may turn up inside a timestamp; as a value it would be quoted.
      expect(logs).not.toContain('"987"');
      // The logs did record the requests, so the check above looked at something.
      expect(logs).toContain('/api/public/payment/sandbox/tokenize');
      expect(logs).toContain('checkout settled');
    });
  });
});
