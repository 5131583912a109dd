/**
 * The auth server's password accounts and cookie sessions through the whole app: what a browser
 * sees (status, body, Set-Cookie) and what the database holds.
 */
import { authMessages, authUserResponseSchema, PASSWORD_MIN_LENGTH } from '@store/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH,
  GOOD_PASSWORD,
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
import { SESSION_TTL_DAYS, sessionId } from './sessions';
import { authSessions, users } from './tables';

const THIRTY_DAYS = SESSION_TTL_DAYS * 24 * 60 * 60;

describeWithDb('auth server: accounts and sessions', () => {
  let t: TestApp;
  let n = 0;
  /** A fresh e-mail per test, so tests never share an account. */
  const email = () => `donor${++n}@example.org`;
  const countUsers = async () =>
    Number((await t.testDb.db.select({ c: sql<number>`count(*)::int` }).from(users))[0]?.c);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('registers, reads the profile, logs out, then is signed out (round trip through the cookie)', async () => {
    const address = email();
    const registered = await registerAccount(t.app, { name: '  Ann Lee ', email: address });
    expect(registered.statusCode).toBe(201);
    expect(registered.headers['cache-control']).toBe('no-store');
    const body = authUserResponseSchema.parse(registered.json());
    expect(body.user).toEqual({
      id: expect.any(String),
      name: 'Ann Lee',
      email: address,
      emailVerified: false,
      hasPassword: true,
      createdAt: expect.any(String),
    });
    expect(registered.body).not.toContain('password_hash');
    expect(registered.body).not.toContain('$argon2');
    const token = sessionToken(registered);

    const profile = await getProfile(t.app, token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(body);

    const out = await postAuth(t.app, '/logout', undefined, { cookie: token });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect(sessionCookie(out)).toMatchObject({ value: '', maxAge: 0, path: '/' });
    const rows = await t.testDb.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessionId(token)));
    expect(rows).toEqual([]);

    const after = await getProfile(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('stores only a hash of the session token and an argon2id hash of the password', async () => {
    const address = email();
    const token = sessionToken(await registerAccount(t.app, { email: address }));
    const [session] = await t.testDb.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, sessionId(token)));
    expect(session?.id).toMatch(/^[0-9a-f]{64}$/);
    expect(session?.id).not.toContain(token);
    const [user] = await t.testDb.db.select().from(users).where(eq(users.email, address));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('sets the cookie HttpOnly, SameSite=Lax, Path=/, for 30 days, and not Secure over http', async () => {
    const res = await registerAccount(t.app, { email: email() });
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.maxAge).toBeGreaterThan(THIRTY_DAYS - 60);
    expect(cookie?.maxAge).toBeLessThanOrEqual(THIRTY_DAYS);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('logs in with the e-mail in any case, and a login replaces the previous session (rotation)', async () => {
    const address = email();
    const first = sessionToken(await registerAccount(t.app, { email: address }));
    const res = await logIn(t.app, { email: address.toUpperCase(), password: GOOD_PASSWORD }, { cookie: first });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(address);
    const second = sessionToken(res);
    expect(second).not.toBe(first);
    expect((await getProfile(t.app, first)).statusCode).toBe(401);
    expect((await getProfile(t.app, second)).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same 401 and sets no cookie', async () => {
    const address = email();
    await registerAccount(t.app, { email: address });
    const wrong = await logIn(t.app, { email: address, password: 'not the password' });
    const unknown = await logIn(t.app, { email: `nobody-${address}`, password: GOOD_PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: authMessages.invalidCredentials } });
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it('answers a taken e-mail (in any case) with 409 email_taken, and nothing else about the account', async () => {
    const address = email();
    await registerAccount(t.app, { email: address });
    const before = await countUsers();
    const res = await registerAccount(t.app, { email: address.toUpperCase(), name: 'Someone Else' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'email_taken', message: authMessages.emailTaken, fields: { email: authMessages.emailTaken } },
    });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await countUsers()).toBe(before);
  });

  it('refuses a short password with the clear message, naming the field, and stores nothing', async () => {
    const before = await countUsers();
    const res = await registerAccount(t.app, { email: email(), password: 'x'.repeat(PASSWORD_MIN_LENGTH - 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      fields: { password: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` },
    });
    expect(await countUsers()).toBe(before);
  });

  describe('bad bodies: 400 naming the fields, no row written, no cookie', () => {
    const cases: [string, string, unknown, string[]][] = [
      ['register', '/register', {}, ['name', 'email', 'password']],
      ['register', '/register', { name: ' ', email: 'not-an-email', password: 42 }, ['name', 'email', 'password']],
      ['register', '/register', { name: 'A', email: 'a@example.org', password: 'p'.repeat(257) }, ['password']],
      ['login', '/login', { email: 'a@example.org' }, ['password']],
      ['login', '/login', { email: ['a@example.org'], password: 'x' }, ['email']],
      ['login', '/login', [], ['body']],
    ];
    it.each(cases)('%s %j', async (_name, path, body, fields) => {
      const users0 = await countUsers();
      const res = await postAuth(t.app, path, body as object);
      expect(res.statusCode).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('validation_error');
      expect(Object.keys(error.fields).sort()).toEqual([...fields].sort());
      expect(sessionCookie(res)).toBeUndefined();
      expect(await countUsers()).toBe(users0);
    });

    it('invalid JSON and a wrong content type are 4xx, not 500', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: `${AUTH}/login`,
        headers: { origin: SITE_ORIGIN, 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.code).toBe('bad_request');
      const form = await t.app.inject({
        method: 'POST',
        url: `${AUTH}/login`,
        headers: { origin: SITE_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40example.org&password=x',
      });
      expect(form.statusCode).toBe(415);
    });
  });

  it('logs out with an empty JSON body, and without any cookie (nothing to end)', async () => {
    const token = sessionToken(await registerAccount(t.app, { email: email() }));
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/logout`,
      headers: { origin: SITE_ORIGIN, 'content-type': 'application/json' },
      cookies: { store_session: token },
    });
    expect(res.statusCode).toBe(204);
    expect((await getProfile(t.app, token)).statusCode).toBe(401);
    expect((await postAuth(t.app, '/logout', undefined)).statusCode).toBe(204);
  });

  it('refuses an expired session and clears its cookie', async () => {
    const token = sessionToken(await registerAccount(t.app, { email: email() }));
    await t.testDb.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, sessionId(token)));
    const res = await getProfile(t.app, token);
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res)).toMatchObject({ value: '', maxAge: 0 });
  });

  it('renews a session used a day or more after its last renewal, and re-sends the cookie', async () => {
    const token = sessionToken(await registerAccount(t.app, { email: email() }));
    const fresh = await getProfile(t.app, token);
    expect(fresh.statusCode).toBe(200);
    // Used within the day: no write, no new cookie.
    expect(sessionCookie(fresh)).toBeUndefined();

    const where = eq(authSessions.id, sessionId(token));
    await t.testDb.db.update(authSessions).set({ expiresAt: sql`now() + interval '27 days'` }).where(where);
    const renewed = await getProfile(t.app, token);
    expect(renewed.statusCode).toBe(200);
    expect(sessionCookie(renewed)).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sessionCookie(renewed)?.maxAge).toBeGreaterThan(THIRTY_DAYS - 60);
    const [row] = await t.testDb.db
      .select({ daysLeft: sql<number>`extract(epoch from (${authSessions.expiresAt} - now())) / 86400` })
      .from(authSessions)
      .where(where);
    expect(Number(row?.daysLeft)).toBeGreaterThan(SESSION_TTL_DAYS - 1);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['register', 'login', 'profile', 'logout', 'activity', 'google', 'google/callback']) {
      expect(paths).toContain(`${AUTH}/${path}`);
    }
  });

  it('treats a junk or unknown cookie as signed out (401), never an error', async () => {
    for (const cookie of ['junk', 'A'.repeat(43), '%E0%A4%A', '']) {
      const res = await getProfile(t.app, cookie);
      expect(res.statusCode).toBe(401);
    }
    const bearer = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/profile`,
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(bearer.statusCode).toBe(401);
  });
});

describeWithDb('auth server: Secure cookie behind an HTTPS proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The proxy's forwarded name must be one the site answers for (ALLOWED_HOSTS), as in production.
    t = await buildTestApp({ env: { TRUST_PROXY: 'true', ALLOWED_HOSTS: 'shop.example.org, localhost' } });
  });
  afterAll(() => t?.close());

  it('marks the cookie Secure when the proxy says the visitor came over https', async () => {
    const https = await registerAccount(
      t.app,
      { email: 'secure@example.org' },
      {
        headers: {
          origin: 'https://shop.example.org',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'shop.example.org',
        },
      },
    );
    expect(https.statusCode).toBe(201);
    expect(sessionCookie(https)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });

    const http = await registerAccount(
      t.app,
      { email: 'plain@example.org' },
      { headers: { 'x-forwarded-proto': 'http' } },
    );
    expect(http.statusCode).toBe(201);
    expect(sessionCookie(http)?.secure).toBeUndefined();
  });
});
