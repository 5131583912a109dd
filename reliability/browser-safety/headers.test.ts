/**
 * Browser safety, the headers (issue 7): every kind of answer (pages, API, errors, files, even a
 * request Fastify refuses before routing) carries a strict Content-Security-Policy, nosniff and
 * frame-ancestors 'none' (the JSON API's answers, which are data, the strictest: default-src 'none'); HSTS reaches browsers behind HTTPS; the session cookie is HttpOnly,
 * SameSite=Lax, and Secure behind HTTPS. The policy admits Braintree's and reCAPTCHA's hosts only
 * when they are configured, and never 'unsafe-inline' or 'unsafe-eval' scripts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../apps/server/test/build-test-app';
import { describeWithDb } from '../../apps/server/test/test-db';
import { builtWebDist } from '../fuzz/fuzz-target';
import { recordFigures } from '../support/figures';

type Directives = Map<string, string[]>;

function parseCsp(header: string | string[] | number | undefined): Directives {
  const directives: Directives = new Map();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** What a strict policy is here: nothing runs but our own scripts (and the configured providers'). */
function expectStrict(csp: Directives): void {
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('script-src-attr')).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? [];
  expect(scripts[0]).toBe("'self'");
  for (const forbidden of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    'data:',
    'blob:',
    '*',
    'http:',
    'https:',
  ]) {
    expect(scripts, `script-src must not allow ${forbidden}`).not.toContain(forbidden);
  }
  for (const source of scripts.slice(1))
    expect(source, 'third-party scripts only over https').toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+(\/|$)/);
}

const BRAINTREE_ENV = {
  PAYMENT_GATEWAY: 'braintree',
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
};

describeWithDb('security headers', () => {
  let t: TestApp;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    const webDist = builtWebDist();
    // store.example.org: the name the cookie test's visitor uses, which the site must answer for.
    t = await buildTestApp({
      env: {
        TRUST_PROXY: 'true',
        ALLOWED_HOSTS: 'store.example.org, localhost',
        ...(webDist ? { WEB_DIST: webDist } : {}),
      },
    });
  });
  afterAll(async () => {
    recordFigures('headers', figures);
    await t?.close();
  });

  type Probe = { method?: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> };
  const json = { 'content-type': 'application/json' };
  const answers: [name: string, status: number, request: Probe][] = [
    ['the store page', 200, { url: '/' }],
    ['a deep link', 200, { url: '/report' }],
    ['an API answer', 200, { url: '/api/public/catalogue' }],
    ['a 401', 401, { url: '/api/report-data' }],
    ['a 400', 400, { method: 'POST', url: '/api/public/payment/checkout', payload: '{', headers: json }],
    ['a 403', 403, { method: 'POST', url: '/auth/login', payload: '{}', headers: json }],
    ['a 404', 404, { url: '/api/nope' }],
    ['a missing file', 404, { url: '/assets/nope.js' }],
    [
      'a 413',
      413,
      { method: 'POST', url: '/api/public/payment/checkout', payload: `"${'a'.repeat(300_000)}"`, headers: json },
    ],
    ['a URL Fastify refuses before routing', 400, { url: '/api/%zz' }],
  ];

  for (const [name, status, request] of answers) {
    it(`sends the strict policy, nosniff and no framing with ${name}`, async () => {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(status);
      const csp = parseCsp(res.headers['content-security-policy']);
      // The API's answers are data, never documents: nothing may load into them (also the ones
      // Fastify refuses before any hook runs). Pages, files and the auth server: the pages' policy.
      if (request.url.startsWith('/api/')) expect(csp.get('default-src')).toEqual(["'none'"]);
      else expectStrict(csp);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
      figures[name] = res.statusCode;
    });
  }

  it('sends HSTS for a year to browsers behind HTTPS', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    const hsts = String(res.headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(hsts).toContain('includeSubDomains');
    figures.hsts = hsts;
  });

  it('sets the session cookie HttpOnly, SameSite=Lax, Path=/, and Secure behind HTTPS', async () => {
    const register = (headers: Record<string, string>, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/register',
        headers,
        payload: { name: 'Asha Rao', email, password: 'a long enough passphrase' },
      });
    const plain = await register(
      { host: 'store.example.org', origin: 'http://store.example.org' },
      'cookie-plain@example.org',
    );
    expect(plain.statusCode).toBe(201);
    const plainCookie = String(plain.headers['set-cookie']);
    expect(plainCookie).toMatch(/HttpOnly/i);
    expect(plainCookie).toMatch(/SameSite=Lax/i);
    expect(plainCookie).toMatch(/Path=\//);
    // Over plain http a Secure cookie would never come back: the site would not work at all.
    expect(plainCookie).not.toMatch(/;\s*Secure/i);

    // Behind a TLS proxy (TRUST_PROXY): the proxy says the visitor came over https.
    const secure = await register(
      { host: 'store.example.org', origin: 'https://store.example.org', 'x-forwarded-proto': 'https' },
      'cookie-secure@example.org',
    );
    expect(secure.statusCode).toBe(201);
    const secureCookie = String(secure.headers['set-cookie']);
    expect(secureCookie).toMatch(/;\s*Secure/i);
    expect(secureCookie).toMatch(/HttpOnly/i);
    figures.cookieBehindHttps = secureCookie.replace(/=[^;]+;/, '=…;');
  });
});

describe('the policy when Braintree and reCAPTCHA are configured', () => {
  const configs: [string, Record<string, string>, string[], string[]][] = [
    [
      'Braintree production',
      { ...BRAINTREE_ENV, BRAINTREE_ENVIRONMENT: 'production' },
      ['https://js.braintreegateway.com'],
      ['https://api.braintreegateway.com'],
    ],
    [
      'Braintree sandbox',
      { ...BRAINTREE_ENV, BRAINTREE_ENVIRONMENT: 'sandbox' },
      ['https://js.braintreegateway.com'],
      ['https://api.sandbox.braintreegateway.com'],
    ],
    [
      'reCAPTCHA',
      { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET_KEY: 'secret-key' },
      ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      [],
    ],
  ];
  for (const [name, env, scripts, connects] of configs) {
    describeWithDb(name, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await buildTestApp({ env });
      });
      afterAll(() => t?.close());

      it("admits the provider's hosts and stays strict", async () => {
        const csp = parseCsp((await t.app.inject({ url: '/' })).headers['content-security-policy']);
        expectStrict(csp);
        expect(csp.get('script-src')).toEqual(expect.arrayContaining(scripts));
        expect(csp.get('connect-src')).toEqual(expect.arrayContaining(connects));
      });
    });
  }
});
