/**
 * Issue 18, point 8: with no e-mail verification, addresses could be squatted: registering someone's
 * address first blocked them for good, and a Google account whose e-mail Google does not verify took
 * another person's address. Over real HTTP against the server process on this run's database, ALTCHA
 * on, the links read from the .eml files the server writes (no SMTP_URL):
 *  - a password account squatting an address: its owner takes it back through 'Forgot password?'
 *    (the squatter's sessions and the e-mail change it had asked for die with the reset);
 *  - a Google account with an unverified e-mail: it never links to an existing account, and where it
 *    made one at someone's address, the reset detaches it;
 *  - 'Forgot password?' answers the same for an address with no account.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { authMessages } from '@store/shared/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeGoogle, type FakeGoogleUser, startFakeGoogle } from '../../apps/server/test/fake-google-server';
import { solvedAltchaToken } from '../../apps/server/test/solve-altcha';
import { describeWithDb } from '../../apps/server/test/test-db';
import { emlPart } from '../support/eml';
import { recordFigures } from '../support/figures';
import { type Answer, postJson, send } from '../support/store-client';
import { type StoreServer, startStoreServer } from '../support/store-server';

const GOOGLE_SQUATTER: FakeGoogleUser = {
  sub: '400000000000000000001',
  email: 'owner.two@example.org',
  email_verified: false,
  name: 'Not Them',
};

describeWithDb('abuse: squatting an e-mail address (issue 18, point 8)', () => {
  let store: StoreServer;
  let google: FakeGoogle;
  let origin: string;
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    google = await startFakeGoogle({ user: GOOGLE_SQUATTER });
    store = await startStoreServer({ CAPTCHA_PROVIDER: 'altcha', TRUST_PROXY: 'true', ...google.env });
    origin = new URL(store.baseUrl).origin;
  });
  afterAll(async () => {
    recordFigures('address-squatting', figures);
    await store?.close();
    await google?.stop();
  });

  async function captcha(action: string): Promise<Record<string, string>> {
    const challenge = await send(store.baseUrl, '/api/public/captcha/challenge');
    const token = await solvedAltchaToken(altchaChallengeSchema.parse(challenge.body));
    return { 'x-captcha-token': token, 'x-captcha-action': action };
  }
  const cookieOf = (answer: Answer) =>
    String(
      answer.headers
        .getSetCookie()
        .find((c) => c.startsWith('store_session='))
        ?.split(';')[0],
    );
  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(store.baseUrl, `/auth${path}`, body, { origin, ...headers });
  const signUp = async (email: string, password: string, address: string) =>
    call('/register', { name: 'Sam', email, password }, { 'x-forwarded-for': address, ...(await captcha('register')) });
  const forgot = async (email: string, address: string) =>
    call('/password/forgot', { email }, { 'x-forwarded-for': address, ...(await captcha('forgot-password')) });
  const profile = (cookie: string) => send(store.baseUrl, '/auth/profile', { headers: { cookie } });

  const outbox = () => join(store.database.dataDir, 'outbox');
  const emailsTo = (address: string) =>
    existsSync(outbox())
      ? readdirSync(outbox())
          .filter((name) => name.endsWith('.eml'))
          .map((name) => readFileSync(join(outbox(), name), 'utf8'))
          .filter((eml) => new RegExp(`^To: ${address}`, 'mi').test(eml))
      : [];
  /** The token of the newest e-mail to `address` whose link opens `path`, waiting for the worker to write it. */
  async function linkToken(address: string, path: string): Promise<string> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const links = emailsTo(address)
        .map((eml) => /^https?:\/\/\S+$/m.exec(emlPart(eml, 'plain'))?.[0])
        .filter((link): link is string => link !== undefined && new URL(link).pathname === path);
      const token = links.length > 0 ? new URL(String(links.at(-1))).searchParams.get('token') : null;
      if (token) return token;
      if (Date.now() > deadline) throw new Error(`no ${path} link reached ${address}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Google sign-in through the fake, as a browser: where it ends, and the session cookie if any. */
  async function googleSignIn(user: FakeGoogleUser): Promise<{ location: string; cookie: string | undefined }> {
    google.setUser(user);
    const start = await fetch(`${store.baseUrl}/auth/google`, { redirect: 'manual' });
    const flowCookies = start.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const atGoogle = await fetch(String(start.headers.get('location')), { redirect: 'manual' });
    const back = new URL(String(atGoogle.headers.get('location')));
    const callback = await fetch(`${store.baseUrl}${back.pathname}${back.search}`, {
      redirect: 'manual',
      headers: { cookie: flowCookies },
    });
    const session = callback.headers.getSetCookie().find((c) => c.startsWith('store_session='));
    return { location: String(callback.headers.get('location')), cookie: session?.split(';')[0] };
  }

  it("gives a squatted address back to its owner through 'Forgot password?', ending the squatter's sessions", async () => {
    const victim = 'owner.one@example.org';
    const squat = await signUp(victim, 'the squatter phrase 31', '10.190.0.1');
    expect(squat.status).toBe(201);
    const squatter = cookieOf(squat);
    // The squatter also asks to move the account to an address they read: that link must die too.
    const move = await call(
      '/email/change',
      { newEmail: 'squatter.inbox@example.org', currentPassword: 'the squatter phrase 31' },
      { cookie: squatter, 'x-forwarded-for': '10.190.0.1' },
    );
    expect(move.status).toBe(202);
    const moveToken = await linkToken('squatter.inbox@example.org', '/verify-email');

    const blocked = await signUp(victim, 'the real owner phrase 32', '10.190.0.2');
    const asked = await forgot(victim, '10.190.0.2');
    const noAccount = await forgot('no.account.here@example.org', '10.190.0.2');
    const reset = await call('/password/reset', {
      token: await linkToken(victim, '/reset-password'),
      password: 'the real owner phrase 32',
    });
    const squatterAfter = await profile(squatter);
    const squatterLogin = await call('/login', {
      email: victim,
      password: 'the squatter phrase 31',
    });
    const moveAfter = await call('/email/verify', { token: moveToken });
    const ownerLogin = await call('/login', { email: victim, password: 'the real owner phrase 32' });
    figures.passwordSquatter = {
      ownerSignUp: blocked.status,
      forgot: asked.status,
      forgotNoAccount: noAccount.status,
      reset: reset.status,
      squatterSession: squatterAfter.status,
      squatterLogin: squatterLogin.status,
      squatterEmailChange: moveAfter.status,
      ownerLogin: ownerLogin.status,
    };
    expect(blocked.status).toBe(409);
    expect(asked.status).toBe(202);
    expect(noAccount.status).toBe(202);
    expect(noAccount.body).toEqual(asked.body);
    expect(asked.body).toEqual({ message: authMessages.resetLinkSent });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ user: { email: victim, emailVerified: true } });
    expect(squatterAfter.status).toBe(401);
    expect(squatterLogin.status).toBe(401);
    expect(moveAfter.status).toBe(400);
    expect(ownerLogin.status).toBe(200);
  });

  it('never lets a Google account with an unverified e-mail link to an existing account', async () => {
    const owner = 'owner.three@example.org';
    const made = await signUp(owner, 'the third owner phrase 33', '10.191.0.1');
    expect(made.status).toBe(201);
    const attempt = await googleSignIn({ ...GOOGLE_SQUATTER, sub: '400000000000000000003', email: owner });
    const ownerLogin = await call('/login', { email: owner, password: 'the third owner phrase 33' });
    figures.googleLink = { googleSignIn: attempt.location, ownerLogin: ownerLogin.status };
    expect(attempt.location).toBe('/login?error=google');
    expect(attempt.cookie).toBeUndefined();
    expect(ownerLogin.status).toBe(200);
  });

  it('detaches a Google account with an unverified e-mail when the address owner resets the password', async () => {
    const squatted = await googleSignIn(GOOGLE_SQUATTER);
    expect(squatted.location).toMatch(/^\/auth-success\?token=/);
    const blocked = await signUp(GOOGLE_SQUATTER.email, 'the second owner phrase 34', '10.192.0.1');
    expect((await forgot(GOOGLE_SQUATTER.email, '10.192.0.1')).status).toBe(202);
    const reset = await call('/password/reset', {
      token: await linkToken(GOOGLE_SQUATTER.email, '/reset-password'),
      password: 'the second owner phrase 34',
    });
    const squatterSession = await profile(String(squatted.cookie));
    const again = await googleSignIn(GOOGLE_SQUATTER);
    figures.googleSquatter = {
      ownerSignUp: blocked.status,
      reset: reset.status,
      squatterSession: squatterSession.status,
      squatterGoogleAgain: again.location,
    };
    expect(blocked.status).toBe(409);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ user: { email: GOOGLE_SQUATTER.email, emailVerified: true } });
    expect(squatterSession.status).toBe(401);
    expect(again.location).toBe('/login?error=google');
    expect(again.cookie).toBeUndefined();
  });
});
