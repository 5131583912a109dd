/**
 * 'Forgot password?' and the reset link (issue 18): the same answer for every address, the link read
 * out of the outbox and followed as /reset-password does (single use, 1 hour, the sign-up's password
 * rules), every session ended and a new one opened, other reset links spent; the limits per
 * recipient (202, nothing sent) and per client address (429); the captcha.
 */
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { authMessages, EMAIL_LINK_HOURS } from '@store/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLinks, linkMails, newestToken } from '../../../test/account-link-helpers';
import {
  GOOD_PASSWORD,
  getProfile,
  logIn,
  postAuth,
  registerAccount,
  SITE_ORIGIN,
  sessionToken,
} from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { solvedAltchaToken } from '../../../test/solve-altcha';
import { describeWithDb } from '../../../test/test-db';
import { LINKS_PER_HOUR } from './link-limits';
import { FORGOT_LIMITS } from './password-reset';
import { accountLinks, users } from './tables';

const NEW_PASSWORD = 'a brand new passphrase 7';

describeWithDb('forgot password and reset links', () => {
  describe('without a captcha', () => {
    let t: TestApp;
    let n = 0;
    const email = () => `reset${++n}@example.org`;
    // Each test its own client address, so the per-address limit is tested on its own.
    const forgot = (address: string, remoteAddress = `10.70.${n}.1`) =>
      postAuth(t.app, '/password/forgot', { email: address }, { remoteAddress });
    const reset = (token: string, password = NEW_PASSWORD, cookie?: string) =>
      postAuth(t.app, '/password/reset', { token, password }, { cookie });

    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t?.close());

    it('answers the same 202 for an address with an account and one without, and mails only the first', async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      const known = await forgot(address.toUpperCase());
      const unknown = await forgot(`nobody-${address}`);
      for (const res of [known, unknown]) {
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: authMessages.resetLinkSent });
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.cookies).toEqual([]);
      }
      expect(known.body).toBe(unknown.body);
      const mails = await linkMails(t, address, 'reset-password');
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toBe(address);
      expect(mails[0]?.subject).toBe('Choose a new password');
      expect(new URL(String(mails[0]?.link)).pathname).toBe('/reset-password');
      expect(String(mails[0]?.link).startsWith(`${SITE_ORIGIN}/`)).toBe(true);
      expect(await countLinks(t, `nobody-${address}`, 'reset-password')).toBe(0);
    });

    it('sets the password, verifies the address, ends every session and opens a new one; the link works once', async () => {
      const address = email();
      const first = sessionToken(await registerAccount(t.app, { email: address }));
      const second = sessionToken(await logIn(t.app, { email: address, password: GOOD_PASSWORD }));
      expect((await forgot(address)).statusCode).toBe(202);
      const token = await newestToken(t, address, 'reset-password');

      const res = await reset(token);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: address, emailVerified: true, hasPassword: true });
      const fresh = sessionToken(res);
      expect((await getProfile(t.app, fresh)).statusCode).toBe(200);
      for (const old of [first, second]) expect((await getProfile(t.app, old)).statusCode).toBe(401);

      expect((await logIn(t.app, { email: address, password: GOOD_PASSWORD })).statusCode).toBe(401);
      expect((await logIn(t.app, { email: address, password: NEW_PASSWORD })).statusCode).toBe(200);

      const again = await reset(token, 'yet another passphrase 8');
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({
        code: 'invalid_token',
        message: authMessages.invalidToken,
        fields: { token: authMessages.invalidToken },
      });
    });

    it('spends every other reset link of the account when one is followed', async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      await forgot(address);
      const older = await newestToken(t, address, 'reset-password');
      await forgot(address);
      const newer = await newestToken(t, address, 'reset-password');
      expect(newer).not.toBe(older);
      expect((await reset(newer)).statusCode).toBe(200);
      expect((await reset(older, 'the older link passphrase 9')).statusCode).toBe(400);
      expect((await logIn(t.app, { email: address, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it(`refuses a link after ${EMAIL_LINK_HOURS.resetPassword} hour, and a verification link shown as a reset one`, async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      const verification = await newestToken(t, address, 'verify-email');
      expect((await reset(verification)).statusCode).toBe(400);

      await forgot(address);
      const token = await newestToken(t, address, 'reset-password');
      const [made] = await t.testDb.db
        .select({ hours: sql<number>`extract(epoch from (expires_at - created_at)) / 3600` })
        .from(accountLinks)
        .where(eq(accountLinks.purpose, 'reset-password'))
        .limit(1);
      expect(Number(made?.hours)).toBeCloseTo(EMAIL_LINK_HOURS.resetPassword, 3);
      await t.testDb.db
        .update(accountLinks)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(accountLinks.email, address));
      const res = await reset(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
      expect((await logIn(t.app, { email: address, password: GOOD_PASSWORD })).statusCode).toBe(200);
    });

    it('refuses a short or common new password naming the field, without spending the link', async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      await forgot(address);
      const token = await newestToken(t, address, 'reset-password');
      const short = await reset(token, 'short');
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields).toEqual({ password: authMessages.password });
      const common = await reset(token, 'password1234');
      expect(common.statusCode).toBe(400);
      expect(common.json().error.fields).toEqual({ password: authMessages.passwordTooCommon });
      expect((await reset(token)).statusCode).toBe(200);
    });

    it('refuses junk bodies with 400 naming the field', async () => {
      const noEmail = await postAuth(t.app, '/password/forgot', { email: 'not an address' });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().error.fields).toHaveProperty('email');
      const noToken = await postAuth(t.app, '/password/reset', { password: NEW_PASSWORD });
      expect(noToken.statusCode).toBe(400);
      expect(noToken.json().error.fields).toHaveProperty('token');
      const huge = await postAuth(t.app, '/password/reset', { token: 'x'.repeat(600), password: NEW_PASSWORD });
      expect(huge.statusCode).toBe(400);
    });

    it(`mails one address at most ${LINKS_PER_HOUR} reset links an hour, answering 202 all the same`, async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      for (let i = 0; i < LINKS_PER_HOUR + 2; i += 1) {
        // From different client addresses: the recipient's limit holds on its own.
        const res = await forgot(address, `10.71.${i}.1`);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: authMessages.resetLinkSent });
      }
      expect(await countLinks(t, address, 'reset-password')).toBe(LINKS_PER_HOUR);
    });

    it(`holds the recipient's limit when requests arrive all at once (${LINKS_PER_HOUR} links of 8)`, async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => forgot(address, `10.73.${i}.1`)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(202));
      expect(await countLinks(t, address, 'reset-password')).toBe(LINKS_PER_HOUR);
    });

    it(`answers one client address ${FORGOT_LIMITS.perAddress} times an hour, account or not, then 429`, async () => {
      const statuses: number[] = [];
      let retryAfter = 0;
      for (let i = 0; i < FORGOT_LIMITS.perAddress + 2; i += 1) {
        const res = await forgot(`someone${i}@example.org`, '10.72.0.1');
        statuses.push(res.statusCode);
        if (res.statusCode === 429) retryAfter = Number(res.headers['retry-after']);
      }
      expect(statuses).toEqual([...Array(FORGOT_LIMITS.perAddress).fill(202), 429, 429]);
      expect(retryAfter).toBeGreaterThan(3000);
    });

    it('stores the account as verified after a reset (following the link proves the address)', async () => {
      const address = email();
      await registerAccount(t.app, { email: address });
      await forgot(address);
      expect((await reset(await newestToken(t, address, 'reset-password'))).statusCode).toBe(200);
      const [row] = await t.testDb.db.select().from(users).where(eq(users.email, address));
      expect(row?.emailVerified).toBe(true);
    });
  });

  describe('with ALTCHA on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    });
    afterAll(() => t?.close());

    const solved = async (action: string) => ({
      'x-captcha-action': action,
      'x-captcha-token': await solvedAltchaToken(
        altchaChallengeSchema.parse((await t.app.inject({ url: '/api/public/captcha/challenge' })).json()),
      ),
    });

    it('asks for the captcha of action forgot-password', async () => {
      const body = { email: 'anyone@example.org' };
      expect((await postAuth(t.app, '/password/forgot', body)).statusCode).toBe(403);
      const other = await postAuth(t.app, '/password/forgot', body, { headers: await solved('register') });
      expect(other.statusCode).toBe(403);
      const ok = await postAuth(t.app, '/password/forgot', body, { headers: await solved('forgot-password') });
      expect(ok.statusCode).toBe(202);
    });
  });
});
