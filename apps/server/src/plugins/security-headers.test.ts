/**
 * The security headers are helmet's, computed once at start and handed to Fastify, which writes them
 * with the answer's own headers in one go (security-headers.ts). What a real HTTP client must get:
 * on every answer of the JSON API (200, 304, 404) the headers that apply to data, with the strictest
 * policy, next to the answer's own headers; on everything else (pages, Swagger UI) helmet's whole set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { describeWithDb } from '../../test/test-db';

/** Helmet 8's headers for the policy of a store with no third-party providers configured. */
const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';img-src 'self' data: https:;font-src 'self' data:;connect-src 'self';" +
    "frame-src 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  // Sent over plain http too, as helmet does: browsers only heed it over https.
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** What an answer of the JSON API gets: nothing may load into it or frame it; HTTPS; no sniffing. */
const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** Every header either set names, as the answer has it ('(missing)' when absent). */
function securityHeadersOf(res: Response): Record<string, string> {
  const names = new Set([...Object.keys(PAGE_HEADERS), ...Object.keys(API_HEADERS)]);
  return Object.fromEntries(
    [...names].map((name) => [name, res.headers.get(name) ?? '(missing)']).filter(([, value]) => value !== '(missing)'),
  );
}

describeWithDb('security headers over real HTTP', () => {
  let t: TestApp;
  let address: string;
  beforeAll(async () => {
    t = await buildTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('come with an API answer, next to its own headers', async () => {
    const res = await fetch(`${address}/api/public/catalogue`);
    expect(res.status).toBe(200);
    expect(securityHeadersOf(res)).toEqual(API_HEADERS);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('come with a 304 and a 404', async () => {
    const first = await fetch(`${address}/api/public/catalogue`);
    const etag = first.headers.get('etag') ?? '';
    const notModified = await fetch(`${address}/api/public/catalogue`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(securityHeadersOf(notModified)).toEqual(API_HEADERS);
    const missing = await fetch(`${address}/api/nope`);
    expect(missing.status).toBe(404);
    expect(securityHeadersOf(missing)).toEqual(API_HEADERS);
  });

  it('come whole with a page: the API documentation and the site', async () => {
    for (const path of ['/api/docs', '/']) {
      const res = await fetch(`${address}${path}`);
      expect(res.status, path).toBe(200);
      expect(securityHeadersOf(res), path).toEqual(PAGE_HEADERS);
    }
  });
});
