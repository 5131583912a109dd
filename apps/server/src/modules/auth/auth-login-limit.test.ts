/**
 * Failed logins are limited like the report's (admins/login-limit.ts, realm 'account'): 10 per
 * e-mail from one address and 20 per client address in 15 minutes, then 429 with Retry-After before
 * any password is checked; 10 per e-mail from anywhere slow the account down and tell its owner by
 * e-mail, once. Probing which e-mails have accounts through registration meets the sign-up limit.
 */

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPORT_LOGIN_LIMITS } from '#src/modules/admins/login-limit';
import { mailOutbox } from '#src/modules/mail/tables';
import { GOOD_PASSWORD, logIn, registerAccount, sessionCookie } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { outboxMessages } from '../../../test/outbox-helpers';
import { describeWithDb } from '../../../test/test-db';
import { GUESSING_ALERT_KIND } from './guessing-alert';
import { GUESSING_ALERT_SUBJECT } from './guessing-alert-mail';
import { ACCOUNT_CREATION_LIMITS } from './password-accounts';

describeWithDb('auth server: failed-login limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After to the address that guessed 10 times, even for the right password', async () => {
    const email = 'target@example.org';
    await registerAccount(t.app, { email }, { remoteAddress: '10.20.9.9' });
    for (let i = 0; i < REPORT_LOGIN_LIMITS.perAccountAndAddress; i += 1) {
      const res = await logIn(t.app, { email, password: `guess ${i}` }, { remoteAddress: '10.20.0.1' });
      expect(res.statusCode).toBe(401);
    }
    const locked = await logIn(
      t.app,
      { email: email.toUpperCase(), password: GOOD_PASSWORD },
      { remoteAddress: '10.20.0.1' },
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

    // The owner, from their own address, is not locked out (issue 18, point 5).
    const owner = await logIn(t.app, { email, password: GOOD_PASSWORD }, { remoteAddress: '10.20.1.1' });
    expect(owner.statusCode).toBe(200);
    expect(sessionCookie(owner)?.value).toBeTruthy();
  });

  it('tells the owner once by e-mail when the account is being guessed', async () => {
    const email = 'guessed@example.org';
    const made = await registerAccount(t.app, { email, name: 'Ravi Rao' }, { remoteAddress: '10.21.9.9' });
    const userId = made.json().user.id as string;
    for (let i = 0; i < 14; i += 1) {
      // Spread over addresses: the account's own count is what raises the alert.
      await logIn(t.app, { email, password: `guess ${i}` }, { remoteAddress: `10.21.0.${i + 1}` });
    }
    const alerts = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, GUESSING_ALERT_KIND), like(mailOutbox.subjectId, `${userId}:%`)));
    expect(alerts).toHaveLength(1);
    const [message] = await outboxMessages(t.testDb.db, t.site, String(alerts[0]?.subjectId));
    expect(message).toMatchObject({ toAddress: email, subject: GUESSING_ALERT_SUBJECT });
    expect(message?.text).toContain('Dear Ravi,');
    expect(message?.text).toContain('They were not let in.');
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
    for (let i = 0; i < ACCOUNT_CREATION_LIMITS.perAddress; i += 1) {
      const res = await registerAccount(t.app, { email: 'probed@example.org' }, { remoteAddress: ip });
      expect(res.statusCode).toBe(409);
    }
    const res = await registerAccount(t.app, { email: 'new-one@example.org' }, { remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Too many attempts. Please wait 60 minutes and try again.');
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
