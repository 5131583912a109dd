/**
 * Sign-up abuse (issue 18): the captcha (action `register`, point 4), the accounts one address may
 * open (point 4), and common or breached passwords (point 7).
 */
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { authMessages } from '@store/shared/auth';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { solvedAltchaToken } from '../../../test/solve-altcha';
import { describeWithDb } from '../../../test/test-db';
import { ACCOUNT_CREATION_LIMITS } from './password-accounts';
import { users } from './tables';

describeWithDb('auth server: sign-up abuse', () => {
  describe('with ALTCHA on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    });
    afterAll(() => t?.close());

    const solved = async (action = 'register') => ({
      'x-captcha-action': action,
      'x-captcha-token': await solvedAltchaToken(
        altchaChallengeSchema.parse((await t.app.inject({ url: '/api/public/captcha/challenge' })).json()),
      ),
    });

    it('refuses a sign-up without a captcha, or with one for another action, and makes no account', async () => {
      const none = await registerAccount(t.app, { email: 'bot@example.org' });
      expect(none.statusCode).toBe(403);
      expect(none.json().error.code).toBe('captcha_failed');
      const other = await registerAccount(t.app, { email: 'bot@example.org' }, { headers: await solved('checkout') });
      expect(other.statusCode).toBe(403);
      const [made] = await t.testDb.db.select({ n: count() }).from(users);
      expect(made?.n).toBe(0);
    });

    it('makes the account with a solved captcha for register', async () => {
      const res = await registerAccount(t.app, { email: 'asha@example.org' }, { headers: await solved() });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('limits and passwords', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t?.close());

    it('lets one address open 10 accounts an hour, then answers 429 with Retry-After', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < ACCOUNT_CREATION_LIMITS.perAddress + 2; i += 1) {
        const res = await registerAccount(t.app, { email: `bulk${i}@example.org` }, { remoteAddress: '10.60.0.1' });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.json().error.message).toBe('Too many attempts. Please wait 60 minutes and try again.');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
        }
      }
      expect(statuses).toEqual([...Array(ACCOUNT_CREATION_LIMITS.perAddress).fill(201), 429, 429]);
      // Another address is not affected.
      expect(
        (await registerAccount(t.app, { email: 'fresh@example.org' }, { remoteAddress: '10.60.0.2' })).statusCode,
      ).toBe(201);
    });

    it('refuses common and breached passwords with 400 naming the field, before counting or storing anything', async () => {
      for (const password of ['aaaaaaaaaaaa', 'password1234', '123456789012', 'qwertyuiop123', 'iloveyou1234']) {
        const res = await registerAccount(
          t.app,
          { email: 'weak@example.org', password },
          { remoteAddress: '10.61.0.1' },
        );
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: 'validation_error',
            message: authMessages.passwordTooCommon,
            fields: { password: authMessages.passwordTooCommon },
          },
        });
      }
      const stored = await t.testDb.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users where email = 'weak@example.org'`,
      );
      expect(stored.rows[0]?.n).toBe(0);
      // Nothing counted against the address: the visitor fixes the password and signs up.
      const ok = await registerAccount(t.app, { email: 'weak@example.org' }, { remoteAddress: '10.61.0.1' });
      expect(ok.statusCode).toBe(201);
    });
  });
});
