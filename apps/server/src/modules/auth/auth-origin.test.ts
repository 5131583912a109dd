/**
 * Cross-site request forgery: the auth server refuses state-changing requests from other origins
 * (403, nothing changed), accepts the site's own, and answers CORS with credentials only to the
 * origins ALLOWED_ORIGINS names. AUTH_BASE_URL moves the routes, and the web app's fallback leaves
 * the moved path alone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  AUTH,
  getProfile,
  logIn,
  postAuth,
  registerAccount,
  SITE_ORIGIN,
  sessionCookie,
  sessionToken,
} from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { describeWithDb } from '../../../test/test-db';
import { CROSS_ORIGIN_MESSAGE } from './origin-check';
import { sessionId } from './sessions';
import { authSessions, users } from './tables';

const EVIL = 'https://evil.example';
const SHOP = 'https://shop.example.org';

describeWithDb('auth server: origin check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('refuses a cross-origin logout carrying the cookie (403), and the session lives on', async () => {
    const token = sessionToken(await registerAccount(t.app, { email: 'victim@example.org' }));
    const res = await postAuth(t.app, '/logout', undefined, { cookie: token, headers: { origin: EVIL } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: CROSS_ORIGIN_MESSAGE } });
    expect(sessionCookie(res)).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const rows = await t.testDb.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessionId(token)));
    expect(rows).toHaveLength(1);
    expect((await getProfile(t.app, token)).statusCode).toBe(200);

    const sameOrigin = await postAuth(t.app, '/logout', undefined, { cookie: token });
    expect(sameOrigin.statusCode).toBe(204);
  });

  it('refuses a cross-origin login and register (they would set a cookie): no session, no account', async () => {
    await registerAccount(t.app, { email: 'known@example.org' });
    const login = await logIn(
      t.app,
      { email: 'known@example.org', password: 'correct horse battery' },
      { headers: { origin: EVIL } },
    );
    expect(login.statusCode).toBe(403);
    expect(sessionCookie(login)).toBeUndefined();
    const register = await registerAccount(t.app, { email: 'forged@example.org' }, { headers: { origin: 'null' } });
    expect(register.statusCode).toBe(403);
    expect(await t.testDb.db.select().from(users).where(eq(users.email, 'forged@example.org'))).toEqual([]);
  });

  it('without Origin, goes by Sec-Fetch-Site: same-origin passes, anything else or nothing is refused', async () => {
    const noOrigin = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `${AUTH}/register`,
        headers,
        payload: { name: 'N', email: `n${Object.keys(headers).length}@example.org`, password: 'a long password' },
      });
    expect((await noOrigin({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await noOrigin({ 'sec-fetch-site': 'cross-site', 'x-a': '1' })).statusCode).toBe(403);
    expect((await noOrigin({})).statusCode).toBe(403);
  });

  it('accepts the same origin whatever the default port is written as', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: { origin: SITE_ORIGIN, host: 'localhost:80' },
    });
    expect(res.statusCode).toBe(204);
    const other = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: { origin: 'http://localhost:8081', host: 'localhost' },
    });
    expect(other.statusCode).toBe(403);
  });

  it('lets GET requests through (reads never change anything) without CORS headers for strangers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AUTH}/profile`, headers: { origin: EVIL } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("answers an unknown path under /auth with a JSON 404, not the web app's page", async () => {
    const res = await t.app.inject({ method: 'GET', url: `${AUTH}/nothing-here` });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describeWithDb('auth server on another origin (AUTH_BASE_URL, ALLOWED_ORIGINS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { AUTH_BASE_URL: 'https://id.example.org/accounts', ALLOWED_ORIGINS: `${SHOP}, http://127.0.0.1:5173` },
    });
  });
  afterAll(() => t?.close());

  const fromShop = { origin: SHOP, host: 'id.example.org' };

  it("serves the routes under the URL's path, with CORS and credentials for the site's origin only", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/accounts/register',
      headers: fromShop,
      payload: { name: 'Shop Visitor', email: 'shop@example.org', password: 'a long password' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers.vary).toContain('Origin');

    const profile = await t.app.inject({
      method: 'GET',
      url: '/accounts/profile',
      headers: fromShop,
      cookies: { store_session: sessionToken(res) },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['access-control-allow-origin']).toBe(SHOP);

    const evil = await t.app.inject({ method: 'POST', url: '/accounts/logout', headers: { origin: EVIL } });
    expect(evil.statusCode).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers: fromShop })).statusCode).toBe(404);
  });

  it('answers the preflight for the allowed origin, and gives nothing away to others', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/accounts/login',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const ok = await preflight(SHOP);
    expect(ok.statusCode).toBe(204);
    expect(ok.headers).toMatchObject({
      'access-control-allow-origin': SHOP,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'Content-Type, Authorization',
    });
    const refused = await preflight(EVIL);
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();
  });

  it("lets the site's pages call the auth origin (CSP connect-src) and keeps its path out of the web app", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain('connect-src');
    expect(String(page.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/id\.example\.org/);
    const unknown = await t.app.inject({ method: 'GET', url: '/accounts/unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('names the moved base in the client config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/client-config' });
    expect(res.json().authBaseUrl).toBe('https://id.example.org/accounts');
  });
});
