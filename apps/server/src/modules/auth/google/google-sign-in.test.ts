/**
 * Google sign-in end to end against a local fake of Google (real HTTP: arctic's token request and
 * the userinfo call go over the network to 127.0.0.1): state and PKCE are checked, the account is
 * created, then found again, linked by a verified e-mail, and the hand-off token works, briefly.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  getProfile,
  logIn,
  registerAccount,
  sessionCookie,
  sessionToken,
} from '../../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../../test/build-test-app';
import { type FakeGoogle, type FakeGoogleUser, startFakeGoogle } from '../../../../test/fake-google-server';
import { describeWithDb } from '../../../../test/test-db';
import {
  HAND_OFF_AUDIENCE,
  HAND_OFF_TTL_SECONDS,
  handOffKey,
  signHandOffToken,
  verifyHandOffToken,
} from '../hand-off-token';
import { users } from '../tables';

const ANN: FakeGoogleUser = {
  sub: '100000000000000000001',
  email: 'ann.g@example.org',
  email_verified: true,
  name: 'Ann G',
};

type Flow = { cookies: Record<string, string>; authorizeUrl: URL };

async function startSignIn(t: TestApp): Promise<Flow> {
  const res = await t.app.inject({ method: 'GET', url: '/auth/google' });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  const cookies: Record<string, string> = {};
  for (const c of res.cookies) {
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/google', maxAge: 600 });
    cookies[c.name] = c.value;
  }
  expect(Object.keys(cookies).sort()).toEqual(['store_google_state', 'store_google_verifier']);
  return { cookies, authorizeUrl: new URL(String(res.headers.location)) };
}

/** The visitor at Google: the fake redirects straight back to our callback (or refuses with 400). */
async function atGoogle(flow: Flow): Promise<URL> {
  const res = await fetch(flow.authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(String(res.headers.get('location')));
}

function callback(t: TestApp, url: URL, cookies: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies });
}

async function signIn(t: TestApp, extraCookies: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const flow = await startSignIn(t);
  return callback(t, await atGoogle(flow), { ...flow.cookies, ...extraCookies });
}

function handOffToken(res: LightMyRequestResponse): string {
  const location = new URL(String(res.headers.location), 'http://localhost');
  expect(location.pathname).toBe('/auth-success');
  const token = location.searchParams.get('token');
  if (!token) throw new Error('no token in the redirect');
  return token;
}

function withBearer(t: TestApp, token: string, url = '/auth/profile'): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/login?error=google');
  expect(sessionCookie(res)).toBeUndefined();
}

describeWithDb('Google sign-in (against a local fake of Google)', () => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle({ user: ANN });
    t = await buildTestApp({ env: google.env });
  });
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });
  beforeEach(() => {
    google.setUser(ANN);
  });

  it('sends the browser to Google with the client, the callback, a state and an S256 PKCE challenge', async () => {
    const { authorizeUrl, cookies } = await startSignIn(t);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(google.authorizationUrl);
    const q = authorizeUrl.searchParams;
    expect(q.get('client_id')).toBe(google.clientId);
    expect(q.get('redirect_uri')).toBe('http://localhost/auth/google/callback');
    expect(q.get('response_type')).toBe('code');
    expect(q.get('scope')).toBe('openid email profile');
    expect(q.get('state')).toBe(cookies.store_google_state);
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The verifier stays with the browser's cookie; only its hash goes to Google.
    expect(authorizeUrl.toString()).not.toContain(String(cookies.store_google_verifier));
  });

  it('creates the account, opens a session and hands a 5-minute token to /auth-success', async () => {
    const res = await signIn(t);
    expect(res.statusCode).toBe(302);
    const token = handOffToken(res);
    const session = sessionToken(res);
    expect(sessionCookie(res)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The flow's cookies are spent.
    for (const name of ['store_google_state', 'store_google_verifier']) {
      expect(res.cookies.find((c) => c.name === name)).toMatchObject({ value: '', maxAge: 0 });
    }

    const profile = await getProfile(t.app, session);
    expect(profile.statusCode).toBe(200);
    const { user } = profile.json();
    expect(user).toMatchObject({ name: 'Ann G', email: ANN.email, emailVerified: true, hasPassword: false });

    const decoded = decodeJwt(token);
    expect(decoded).toMatchObject({ sub: user.id, aud: HAND_OFF_AUDIENCE });
    expect(Number(decoded.exp) - Number(decoded.iat)).toBe(HAND_OFF_TTL_SECONDS);

    // The token alone (sessionStorage jwt_token) reads the profile once (issue 18, point 6).
    const key = handOffKey(TEST_SESSION_SECRET);
    const claims = await verifyHandOffToken(key, token);
    expect(claims?.userId).toBe(user.id);
    const later = new Date(Date.now() + (HAND_OFF_TTL_SECONDS + 1) * 1000);
    expect(await verifyHandOffToken(key, token, later)).toBeUndefined();
    // Signed with another secret (even naming the real hand-off), or tampered with: refused.
    const forged = await signHandOffToken(
      handOffKey('another-secret-0123456789abcdef-xyz'),
      user.id,
      String(claims?.handOffId),
    );
    expect((await withBearer(t, forged)).statusCode).toBe(401);
    const bearer = await withBearer(t, token);
    expect(bearer.statusCode).toBe(200);
    expect(bearer.json().user.id).toBe(user.id);
    // Spent: a second use is refused, on either read route.
    expect((await withBearer(t, token)).statusCode).toBe(401);
    expect((await withBearer(t, token, '/auth/activity')).statusCode).toBe(401);
  });

  it('refuses the hand-off token once its session has ended (logout)', async () => {
    const res = await signIn(t);
    const token = handOffToken(res);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { origin: 'http://localhost' },
      cookies: { store_session: sessionToken(res) },
    });
    expect(out.statusCode).toBe(204);
    expect((await withBearer(t, token)).statusCode).toBe(401);
  });

  it('accepts exactly one of the same token shown by 10 requests at once', async () => {
    const token = handOffToken(await signIn(t));
    const answers = await Promise.all(Array.from({ length: 10 }, () => withBearer(t, token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it('finds the same account at the next sign-in, and rotates the session', async () => {
    const first = await signIn(t);
    const firstSession = sessionToken(first);
    const second = await signIn(t, { store_session: firstSession });
    const secondSession = sessionToken(second);
    expect(decodeJwt(handOffToken(second)).sub).toBe(decodeJwt(handOffToken(first)).sub);
    expect((await getProfile(t.app, firstSession)).statusCode).toBe(401);
    expect((await getProfile(t.app, secondSession)).statusCode).toBe(200);
    const rows = await t.testDb.db.select().from(users).where(eq(users.googleSubject, ANN.sub));
    expect(rows).toHaveLength(1);
  });

  it('refuses a callback whose state is not the one this browser started with', async () => {
    const flow = await startSignIn(t);
    const back = await atGoogle(flow);
    back.searchParams.set('state', 'forged-state');
    expectRefused(await callback(t, back, flow.cookies));
    // Nor without the flow's cookies (a callback URL sent to someone else's browser).
    const other = await startSignIn(t);
    expectRefused(await callback(t, await atGoogle(other), {}));
  });

  it("refuses when the PKCE verifier does not match (Google's token endpoint says no)", async () => {
    const flow = await startSignIn(t);
    const back = await atGoogle(flow);
    const before = google.refusals.length;
    expectRefused(await callback(t, back, { ...flow.cookies, store_google_verifier: 'x'.repeat(43) }));
    expect(google.refusals.slice(before)).toEqual(['code_verifier does not match the code_challenge']);
  });

  it('refuses a code used twice', async () => {
    const flow = await startSignIn(t);
    const back = await atGoogle(flow);
    expect((await callback(t, back, flow.cookies)).headers.location).toMatch(/^\/auth-success\?token=/);
    expectRefused(await callback(t, back, flow.cookies));
  });

  it('sends the visitor back to /login when they refuse consent at Google', async () => {
    google.denyNext();
    const flow = await startSignIn(t);
    const back = await atGoogle(flow);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expectRefused(await callback(t, back, flow.cookies));
  });

  it('treats a garbled callback query as a failed sign-in, not an error page', async () => {
    const flow = await startSignIn(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/google/callback?code=a&code=b&state=1&state=2',
      cookies: flow.cookies,
    });
    expectRefused(res);
  });

  it('links a verified Google e-mail to the existing account, removing a password nobody verified', async () => {
    const email = 'linked@example.org';
    const registered = await registerAccount(t.app, { name: 'Lin Ked', email });
    const passwordSession = sessionToken(registered);
    const userId = registered.json().user.id;
    google.setUser({ sub: '100000000000000000002', email: email.toUpperCase(), email_verified: true, name: 'Lin' });

    const res = await signIn(t);
    expect(decodeJwt(handOffToken(res)).sub).toBe(userId);
    const profile = await getProfile(t.app, sessionToken(res));
    expect(profile.json().user).toMatchObject({ id: userId, name: 'Lin Ked', emailVerified: true, hasPassword: false });
    // Whoever chose that password never proved the address was theirs: it and its sessions are gone.
    expect((await getProfile(t.app, passwordSession)).statusCode).toBe(401);
    expect((await logIn(t.app, { email, password: GOOD_PASSWORD })).statusCode).toBe(401);
  });

  it('does not open an existing account for a Google e-mail Google does not verify', async () => {
    const email = 'unverified@example.org';
    const registered = await registerAccount(t.app, { email });
    google.setUser({ sub: '100000000000000000003', email, email_verified: false, name: 'Not Verified' });
    expectRefused(await signIn(t));
    const [row] = await t.testDb.db.select().from(users).where(eq(users.id, registered.json().user.id));
    expect(row).toMatchObject({ googleSubject: null, emailVerified: false });
    expect(row?.passwordHash).not.toBeNull();
  });
});

describe('Google sign-in not configured, or Google unreachable', () => {
  describeWithDb('not configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t?.close());

    it('sends the visitor back to /login, which says Google sign-in is not set up', async () => {
      for (const url of ['/auth/google', '/auth/google/callback?code=x&state=y']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/login?error=google-not-configured');
        expect(res.cookies).toEqual([]);
      }
    });
  });

  describeWithDb('unreachable', () => {
    let google: FakeGoogle;
    let t: TestApp;
    beforeAll(async () => {
      google = await startFakeGoogle({ user: ANN });
      // Nothing listens on port 9 (discard) here: the token request fails to connect.
      t = await buildTestApp({ env: { ...google.env, GOOGLE_TOKEN_URL: 'http://127.0.0.1:9/token' } });
    });
    afterAll(async () => {
      await t?.close();
      await google?.stop();
    });

    it('sends the visitor back to /login?error=google when the token endpoint cannot be reached', async () => {
      expectRefused(await signIn(t));
    });
  });
});
