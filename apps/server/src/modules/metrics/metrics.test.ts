/**
 * `GET /metrics` (METRICS_TOKEN): off by default, behind the token, and the figures an operator
 * watches move with what clients do: requests by route pattern, checkouts by outcome, gateway
 * latency, login-limit hits, the outbox and pending orders read from the database at scrape time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAccount } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, checkoutBody, DECLINING_CARD, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line, e.g. sample(text, 'store_checkouts_total{outcome="succeeded"}'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describeWithDb('metrics off (no METRICS_TOKEN)', () => {
  let t: TestApp;
  // A web build, whose index.html answers any unknown page: /metrics must not become that page.
  const webDist = mkdtempSync(join(tmpdir(), 'metrics-web-'));
  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>store</title><div id="root"></div>');
    t = await buildTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers 404 at /metrics, with or without a token, not the web app', async () => {
    expect((await t.app.inject({ url: '/some-page' })).statusCode).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

describe('METRICS_TOKEN setting', () => {
  it('refuses a short token, naming the variable', async () => {
    await expect(buildTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      /METRICS_TOKEN must be at least 16 characters long/,
    );
  });
});

describeWithDb('metrics on (METRICS_TOKEN set)', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('answers 401 without the token, with a wrong one, or with a wrong Basic password', async () => {
    const wrongBasic = Buffer.from(`prometheus:${TOKEN}x`).toString('base64');
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Basic ${wrongBasic}`, 'Bearer', TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('accepts Basic auth with the token as the password (Prometheus basic_auth)', async () => {
    const basic = Buffer.from(`prometheus:${TOKEN}`).toString('base64');
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Basic ${basic}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    await t.app.inject({ url: '/api/public/catalogue' });
    await t.app.inject({ url: `/api/no-such-thing/${randomUUID()}` });
    const text = await scrape();
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/public/catalogue",status_code="200"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\(unmatched\)",status_code="404"\} \d/,
    );
    expect(text).not.toContain('no-such-thing');
  });

  it('counts checkouts by outcome and times the gateway', async () => {
    const before = await scrape();
    const key = randomUUID();
    const body = checkoutBody(await sandboxNonce(t.app));
    expect((await postCheckout(t.app, { body, key })).statusCode).toBe(200);
    expect((await postCheckout(t.app, { body, key })).statusCode).toBe(200);
    const declined = await postCheckout(t.app, {
      body: checkoutBody(await sandboxNonce(t.app, { number: DECLINING_CARD }), [BOOK]),
    });
    expect(declined.statusCode).toBe(402);
    expect((await postCheckout(t.app, { body: { nonce: 'x' } })).statusCode).toBe(400);
    const text = await scrape();
    const delta = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    expect(delta('store_checkouts_total{outcome="succeeded"}')).toBe(1);
    expect(delta('store_checkouts_total{outcome="replayed"}')).toBe(1);
    expect(delta('store_checkouts_total{outcome="declined"}')).toBe(1);
    expect(delta('store_checkouts_total{outcome="invalid"}')).toBe(1);
    expect(delta('store_payment_gateway_duration_seconds_count{gateway="sandbox",operation="sale",outcome="ok"}')).toBe(
      1,
    );
    expect(
      delta('store_payment_gateway_duration_seconds_count{gateway="sandbox",operation="sale",outcome="declined"}'),
    ).toBe(1);
    expect(
      delta('store_payment_gateway_duration_seconds_count{gateway="sandbox",operation="client_token",outcome="ok"}'),
    ).toBe(2);
  });

  it('reads the outbox and the pending orders from the database when scraped', async () => {
    // The succeeded checkout above queued a receipt nobody sent (no mail worker in tests).
    const text = await scrape();
    expect(sample(text, 'store_mail_outbox_depth')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'store_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(0);
    const pendingBefore = sample(text, 'store_orders_pending') ?? Number.NaN;
    await seedOrders(t.testDb.db, [
      { status: 'pending', createdAt: new Date(Date.now() - 10 * 60_000) },
      { status: 'pending' },
    ]);
    const after = await scrape();
    expect(sample(after, 'store_orders_pending')).toBe(pendingBefore + 2);
    expect(sample(after, 'store_orders_pending_oldest_age_seconds')).toBeGreaterThanOrEqual(599);
  });

  it('counts logins refused by the brute-force limit, by route', async () => {
    expect((await registerAccount(t.app, { email: 'limited@example.org' })).statusCode).toBe(201);
    let refused = 0;
    for (let i = 0; i < 12 && refused === 0; i++) {
      const res = await logIn(t.app, { email: 'limited@example.org', password: `wrong password ${i}` });
      if (res.statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
    expect(sample(await scrape(), 'store_login_limit_hits_total{route="/auth/login"}')).toBe(1);
  });
});
