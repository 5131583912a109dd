/**
 * Issue 18, point 8: a Google account whose e-mail Google does not verify took another person's
 * address. Such a sign-in never takes over or links an existing account; and where it made a new
 * account at someone's address, the address's owner takes it back through 'Forgot password?': the
 * reset verifies the address, detaches the Google account and ends its sessions.
 */

import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newestToken } from '../../../../test/account-link-helpers';
import {
  GOOD_PASSWORD,
  getProfile,
  logIn,
  postAuth,
  registerAccount,
  sessionCookie,
  sessionToken,
} from '../../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { type FakeGoogle, type FakeGoogleUser, startFakeGoogle } from '../../../../test/fake-google-server';
import { describeWithDb } from '../../../../test/test-db';
import { users } from '../tables';

const SQUATTER: FakeGoogleUser = {
  sub: '300000000000000000001',
  email: 'owner.real@example.org',
  email_verified: false,
  name: 'Not The Owner',
};

describeWithDb('Google accounts with unverified e-mails (issue 18, point 8)', () => {
  let google: FakeGoogle;
  let t: TestApp;
  beforeAll(async () => {
    google = await startFakeGoogle({ user: SQUATTER });
    t = await buildTestApp({ env: google.env });
  });
  afterAll(async () => {
    await t?.close();
    await google?.stop();
  });

  /** A whole Google sign-in as a browser makes it: our start, the fake's consent, our callback. */
  async function googleSignIn(user: FakeGoogleUser): Promise<LightMyRequestResponse> {
    google.setUser(user);
    const start = await t.app.inject({ method: 'GET', url: '/auth/google' });
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    const atGoogle = await fetch(String(start.headers.location), { redirect: 'manual' });
    const back = new URL(String(atGoogle.headers.get('location')));
    return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies });
  }
  const account = async (email: string) => (await t.testDb.db.select().from(users).where(eq(users.email, email)))[0];

  it('never links an unverified Google e-mail to an existing account', async () => {
    const email = 'squatted.pw@example.org';
    const owner = sessionToken(await registerAccount(t.app, { email }));
    const res = await googleSignIn({ ...SQUATTER, sub: '300000000000000000002', email });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=google');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await account(email)).toMatchObject({ googleSubject: null, emailVerified: false });
    expect((await getProfile(t.app, owner)).statusCode).toBe(200);
    expect((await logIn(t.app, { email, password: GOOD_PASSWORD })).statusCode).toBe(200);
  });

  it("lets the address's owner take it back from a Google account that never proved it", async () => {
    const squatted = await googleSignIn(SQUATTER);
    expect(String(squatted.headers.location)).toMatch(/^\/auth-success\?token=/);
    const squatterSession = sessionToken(squatted);
    expect(await account(SQUATTER.email)).toMatchObject({ googleSubject: SQUATTER.sub, emailVerified: false });

    // The owner cannot sign up with their own address...
    const blocked = await registerAccount(t.app, { email: SQUATTER.email, password: 'the real owner phrase 5' });
    expect(blocked.statusCode).toBe(409);
    // ...but 'Forgot password?' mails the address, which only the owner reads.
    expect((await postAuth(t.app, '/password/forgot', { email: SQUATTER.email })).statusCode).toBe(202);
    const token = await newestToken(t, SQUATTER.email, 'reset-password');
    const reset = await postAuth(t.app, '/password/reset', { token, password: 'the real owner phrase 5' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ email: SQUATTER.email, emailVerified: true, hasPassword: true });

    expect(await account(SQUATTER.email)).toMatchObject({ googleSubject: null, emailVerified: true });
    expect((await getProfile(t.app, squatterSession)).statusCode).toBe(401);
    const again = await googleSignIn(SQUATTER);
    expect(again.headers.location).toBe('/login?error=google');
    expect(sessionCookie(again)).toBeUndefined();
    const owner = await logIn(t.app, { email: SQUATTER.email, password: 'the real owner phrase 5' });
    expect(owner.statusCode).toBe(200);
  });
});
