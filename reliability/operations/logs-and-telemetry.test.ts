/**
 * The operator's view of a full run of the built server (`node apps/server/dist/main.js`, LOG_LEVEL
 * info): a checkout with a real card number through the sandbox and its receipt sent by SMTP, an
 * account registered and signed in with a password, an event registration, a Google sign-in ending
 * at /auth-success with its hand-off token, the token used. Then:
 *  - the log (stdout) is JSON lines only, and none of the secrets the run handled is in it: the card
 *    number, its CVV, the nonce, the password, the hand-off token, the session cookie, the metrics
 *    token, a sentence of the receipt's body;
 *  - Prometheus figures are behind METRICS_TOKEN and counted the checkout;
 *  - OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT at a collector stub on loopback) received the
 *    checkout's span, named by its route pattern, when the server stopped.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkoutBody, validCard } from '../../apps/server/test/checkout-helpers';
import { type FakeGoogle, startFakeGoogle } from '../../apps/server/test/fake-google-server';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../apps/server/test/fake-smtp-server';
import { describeWithDb } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import { REPO_ROOT, type ServerProcess, startServerProcess } from '../support/server-process';
import { openSessionId, postJson, registrant, send } from '../support/store-client';

const CARD = '4111 1111 1111 1111';
const CVV = '913';
const PASSWORD = 'plum orchard lantern 42';
const METRICS_TOKEN = `metrics-${randomUUID()}`;
/** The receipt's own words (checkout/receipt-text.ts). */
// A sandbox order's receipt is a test receipt (issue 18): a sentence only its body has.
const RECEIPT_SENTENCE = 'no card was charged';

type Collector = { url: string; bodies: string[]; close: () => Promise<void> };

/** An OTLP/HTTP collector stub: records what arrives at /v1/traces, answers 200. */
async function startCollector(): Promise<Collector> {
  const bodies: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, close: () => new Promise((done) => server.close(() => done())) };
}

describeWithDb('logs, metrics and traces of a full run of the built server', () => {
  let database: ServerDatabase;
  let smtp: FakeSmtpServer;
  let google: FakeGoogle;
  let collector: Collector;
  let server: ServerProcess;
  const secrets: Record<string, string> = {
    'card number': CARD,
    'card number without spaces': CARD.replaceAll(' ', ''),
    password: PASSWORD,
    'metrics token': METRICS_TOKEN,
    'e-mail body': RECEIPT_SENTENCE,
  };
  let metricsText = '';

  beforeAll(async () => {
    [database, smtp, collector] = await Promise.all([createServerDatabase(), startFakeSmtpServer(), startCollector()]);
    google = await startFakeGoogle({
      user: { sub: 'g-123', email: 'gopi@example.org', email_verified: true, name: 'Gopi Rao' },
    });
    const port = await freePort();
    server = await startServerProcess({
      main: resolve(REPO_ROOT, 'apps/server/dist/main.js'),
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      env: {
        LOG_LEVEL: 'info',
        CAPTCHA_PROVIDER: 'off',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Receipts <receipts@example.org>',
        METRICS_TOKEN,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        ...google.env,
      },
    });
    const base = server.baseUrl;
    const origin = { origin: base };

    // A checkout with a real card number, through the sandbox's tokenizer.
    const token = await send(base, '/api/public/payment/token');
    const tokenized = await postJson(
      base,
      '/api/public/payment/sandbox/tokenize',
      validCard({ number: CARD, cvv: CVV }),
      {
        authorization: `Bearer ${String(token.body.clientToken)}`,
      },
    );
    expect(tokenized.status).toBe(200);
    const nonce = String(tokenized.body.nonce);
    secrets.nonce = nonce;
    const paid = await postJson(base, '/api/public/payment/checkout', checkoutBody(nonce), {
      'idempotency-key': randomUUID(),
    });
    expect(paid.status).toBe(200);

    // An account with a password, signed in; an event registration.
    expect(
      (
        await postJson(
          base,
          '/auth/register',
          { name: 'Ann Lee', email: 'ann@example.org', password: PASSWORD },
          origin,
        )
      ).status,
    ).toBe(201);
    const login = await postJson(base, '/auth/login', { email: 'ann@example.org', password: PASSWORD }, origin);
    expect(login.status).toBe(200);
    const cookie = /=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(cookie).not.toBe('');
    secrets['session cookie'] = cookie;
    const registered = await postJson(
      base,
      '/api/public/registrations',
      { sessionId: await openSessionId(base), ifFull: 'waitlist', registrants: [registrant()] },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(registered.status).toBe(201);

    // Google sign-in, to /auth-success?token=…, and the token used.
    const start = await fetch(`${base}/auth/google`, { redirect: 'manual' });
    const flowCookies = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const atGoogle = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
    const callback = new URL(String(atGoogle.headers.get('location')));
    const back = await fetch(`${base}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
      headers: { cookie: flowCookies },
    });
    const success = new URL(String(back.headers.get('location')), base);
    expect(success.pathname).toBe('/auth-success');
    const handOff = success.searchParams.get('token') ?? '';
    expect(handOff.length).toBeGreaterThan(20);
    secrets['hand-off token'] = handOff;
    await fetch(success);
    const profile = await send(base, '/auth/profile', { headers: { authorization: `Bearer ${handOff}` } });
    expect(profile.status).toBe(200);

    // The receipt goes out by SMTP (the worker is kicked after the checkout commits), and so does the
    // sign-up's e-mail verification link, whose token must not reach the log either.
    const receipt = () => smtp.messages.some((m) => m.data.includes(RECEIPT_SENTENCE));
    const verification = () => smtp.messages.find((m) => m.data.includes('/verify-email?token'));
    for (let i = 0; i < 200 && !(receipt() && verification()); i++) await new Promise((r) => setTimeout(r, 100));
    expect(receipt()).toBe(true);
    // Quoted-printable: soft line breaks out, `=3D` back to `=`.
    const verificationText = String(verification()?.data).replace(/=\r\n/g, '').replace(/=3D/g, '=');
    const linkToken = /verify-email\?token=([\w.-]+)/.exec(verificationText)?.[1] ?? '';
    expect(linkToken.length).toBeGreaterThan(40);
    secrets['e-mail link token'] = linkToken;

    expect((await send(base, '/metrics')).status).toBe(401);
    const scraped = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    metricsText = await scraped.text();

    // SIGTERM: the tracing SDK sends its buffered spans on the way out.
    expect(await server.stop()).toMatchObject({ code: 0 });
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await Promise.all([database?.close(), smtp?.close(), google?.stop(), collector?.close()]);
  });

  it('writes JSON lines only, with a request line for each answer', () => {
    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.some((line) => line.includes('/api/public/payment/checkout'))).toBe(true);
  });

  it('logs none of the secrets the run handled', () => {
    const log = server.stdout();
    for (const [what, value] of Object.entries(secrets)) expect(log.includes(value), `${what} in the log`).toBe(false);
    expect(log).not.toContain(`"${CVV}"`);
    expect(log).not.toMatch(/cvv"\s*:\s*"\d/i);
    // The requests that carried them were logged (so their absence means something): masked.
    expect(log).toMatch(/"url":"\/auth-success\?token=[^"]*"/);
    expect(log).toContain('/auth/login');
    expect(log).toContain('/api/public/payment/sandbox/tokenize');
  });

  it('counted the checkout in the Prometheus figures', () => {
    expect(metricsText).toMatch(/^store_checkouts_total\{outcome="succeeded"\} 1$/m);
    expect(metricsText).toMatch(/^store_mail_outbox_depth \d+$/m);
  });

  it('sent the spans to the OTLP collector, named by route pattern', () => {
    const spans = collector.bodies.flatMap((body) => {
      const parsed = JSON.parse(body) as {
        resourceSpans?: { scopeSpans?: { spans?: { name: string; attributes?: { key: string }[] }[] }[] }[];
      };
      return (parsed.resourceSpans ?? []).flatMap((r) => (r.scopeSpans ?? []).flatMap((s) => s.spans ?? []));
    });
    const names = spans.map((span) => span.name);
    expect(names).toContain('POST /api/public/payment/checkout');
    expect(names).toContain('GET /auth/profile');
    // Probes and scrapes are not traced; no span is named by a raw URL.
    expect(names.some((name) => name.includes('/metrics') || name.includes('healthz'))).toBe(false);
    expect(names.some((name) => name.includes('token='))).toBe(false);
  });
});
