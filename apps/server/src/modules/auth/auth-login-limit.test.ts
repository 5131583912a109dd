/**
 * Failed logins are limited like the report's (admins/login-limit.ts, realm 'account'): 10 per
 * e-mail and 20 per client address in 15 minutes, then 429 with Retry-After before any password is
 * checked. Probing which e-mails have accounts through registration meets the address's limit.
 */

import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORT_LOGIN_LIMITS } from '#src/modules/admins/login-limit';
import { GOOD_PASSWORD, logIn, registerAccount, sessionCookie } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('auth server: failed-login limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After once an e-mail has had its failures, even for the right password', async () => {
    const email = 'target@example.org';
    await registerAccount(t.app, { email });
    for (let i = 0; i < REPORT_LOGIN_LIMITS.perUsername; i += 1) {
      // Spread over addresses: the e-mail's own count is what trips.
      const res = await logIn(t.app, { email, password: `guess ${i}` }, { remoteAddress: `10.20.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    const locked = await logIn(
      t.app,
      { email: email.toUpperCase(), password: GOOD_PASSWORD },
      { remoteAddress: '10.20.1.1' },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'rate_limited',
      message: 'Too many failed logins. Please wait 15 minutes and try again.',
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(REPORT_LOGIN_LIMITS.windowSeconds);
    expect(sessionCookie(locked)).toBeUndefined();

    // Another account is not affected.
    await registerAccount(t.app, { email: 'other@example.org' }, { remoteAddress: '10.20.2.1' });
    const other = await logIn(
      t.app,
      { email: 'other@example.org', password: GOOD_PASSWORD },
      { remoteAddress: '10.20.2.1' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('limits one address spraying many e-mails', async () => {
    const ip = '10.30.0.1';
    for (let i = 0; i < REPORT_LOGIN_LIMITS.perAddress; i += 1) {
      const res = await logIn(t.app, { email: `spray${i}@example.org`, password: 'whatever' }, { remoteAddress: ip });
      expect(res.statusCode).toBe(401);
    }
    const res = await logIn(t.app, { email: 'fresh@example.org', password: 'whatever' }, { remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('counts registrations of taken e-mails against the address, so probing for accounts is limited too', async () => {
    const ip = '10.40.0.1';
    await registerAccount(t.app, { email: 'probed@example.org' }, { remoteAddress: '10.40.9.9' });
    for (let i = 0; i < REPORT_LOGIN_LIMITS.perAddress; i += 1) {
      const res = await registerAccount(t.app, { email: 'probed@example.org' }, { remoteAddress: ip });
      expect(res.statusCode).toBe(409);
    }
    const res = await registerAccount(t.app, { email: 'new-one@example.org' }, { remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(res.headers['retry-after']).toBeDefined();
    // The owner of the probed e-mail can still log in.
    const owner = await logIn(
      t.app,
      { email: 'probed@example.org', password: GOOD_PASSWORD },
      { remoteAddress: '10.40.9.9' },
    );
    expect(owner.statusCode).toBe(200);
  });
});
