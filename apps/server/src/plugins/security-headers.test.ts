/**
 * The security headers are helmet's, computed once at start and handed to Fastify, which writes them
 * with the answer's own headers in one go (security-headers.ts). What a real HTTP client must get:
 * helmet's whole set on every kind of answer (200, 304, 404), next to the answer's own headers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { describeWithDb } from '../../test/test-db';

/** Helmet 8's headers for the policy of a store with no third-party providers configured. */
const EXPECTED: Record<string, string> = {
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

function securityHeadersOf(res: Response): Record<string, string> {
  return Object.fromEntries(Object.keys(EXPECTED).map((name) => [name, res.headers.get(name) ?? '(missing)']));
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
    expect(securityHeadersOf(res)).toEqual(EXPECTED);
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
    expect(securityHeadersOf(notModified)).toEqual(EXPECTED);
    const missing = await fetch(`${address}/api/nope`);
    expect(missing.status).toBe(404);
    expect(securityHeadersOf(missing)).toEqual(EXPECTED);
  });
});
