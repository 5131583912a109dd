/**
 * E-mail verification (issue 18, "Accounts that are complete"): the link a sign-up mails, read out of
 * the outbox and followed as /verify-email does; single use, 24 hours, a forged or foreign token
 * refused with 400 naming `token`; re-sending is limited; and a donation made with the address while
 * signed out joins the dashboard only once the address is verified.
 */
import { authMessages, authUserResponseSchema, EMAIL_LINK_HOURS } from '@store/shared/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { linkMails, newestToken, tokenOf } from '../../../test/account-link-helpers';
import { postAuth, registerAccount, SITE_ORIGIN, sessionToken } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';
import { LINKS_PER_HOUR } from './link-limits';
import { accountLinks } from './tables';

describeWithDb('e-mail verification links', () => {
  let t: TestApp;
  let n = 0;
  const email = () => `verify${++n}@example.org`;
  const verify = (token: string) => postAuth(t.app, '/email/verify', { token });

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('mails a link to /verify-email at sign-up; following it verifies the address, once', async () => {
    const address = email();
    const registered = await registerAccount(t.app, { name: 'Vera Quill', email: address });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().user.emailVerified).toBe(false);

    const mails = await linkMails(t, address, 'verify-email');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.to).toBe(address);
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toMatch(/^Dear Vera,/);
    const link = new URL(String(mail?.link));
    expect(`${link.origin}${link.pathname}`).toBe(`${SITE_ORIGIN}/verify-email`);
    expect(mail?.html).toContain(`href="${String(mail?.link).replaceAll('&', '&amp;')}"`);
    // Nothing secret in the table: the token is not stored.
    const token = tokenOf(String(mail?.link));
    const [row] = await t.testDb.db.select().from(accountLinks).where(eq(accountLinks.email, address));
    expect(JSON.stringify(row)).not.toContain(token.split('.')[1]);

    const first = await verify(token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(authUserResponseSchema.parse(first.json()).user).toMatchObject({ email: address, emailVerified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: {
        code: 'invalid_token',
        message: authMessages.invalidToken,
        fields: { token: authMessages.invalidToken },
      },
    });
    // A used link is not written again by the mail worker either.
    expect(await linkMails(t, address, 'verify-email')).toEqual([]);
  });

  it('refuses forged, cut, junk and missing tokens with 400 naming the field, never a 500', async () => {
    const address = email();
    await registerAccount(t.app, { email: address });
    const good = await newestToken(t, address, 'verify-email');
    const [id, mac = ''] = good.split('.');
    const forged = `${id}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    const otherRow = `${crypto.randomUUID()}.${mac}`;
    for (const token of [forged, otherRow, good.slice(0, -2), 'x'.repeat(40), `${id}`, 'short']) {
      const res = await verify(token);
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error.fields).toEqual({ token: expect.any(String) });
    }
    const missing = await postAuth(t.app, '/email/verify', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('token');
    // None of those spent the real link.
    expect((await verify(good)).statusCode).toBe(200);
  });

  it(`refuses a link after ${EMAIL_LINK_HOURS.verifyEmail} hours`, async () => {
    const address = email();
    await registerAccount(t.app, { email: address });
    const token = await newestToken(t, address, 'verify-email');
    await t.testDb.db
      .update(accountLinks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountLinks.email, address));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('makes links that live 24 hours', async () => {
    const address = email();
    await registerAccount(t.app, { email: address });
    const [row] = await t.testDb.db
      .select({ hours: sql<number>`extract(epoch from (expires_at - created_at)) / 3600` })
      .from(accountLinks)
      .where(eq(accountLinks.email, address));
    expect(Number(row?.hours)).toBeCloseTo(EMAIL_LINK_HOURS.verifyEmail, 3);
  });

  it(`re-sends to a signed-in account, ${LINKS_PER_HOUR} links an hour with the sign-up's, then 429 with Retry-After`, async () => {
    const address = email();
    const session = sessionToken(await registerAccount(t.app, { email: address }));
    const statuses: number[] = [];
    for (let i = 0; i < LINKS_PER_HOUR; i += 1) {
      const res = await postAuth(t.app, '/email/verify/resend', undefined, { cookie: session });
      statuses.push(res.statusCode);
      if (res.statusCode === 202) {
        expect(res.json()).toEqual({ message: authMessages.verificationSent.replace('{email}', address) });
      } else {
        expect(res.json().error.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      }
    }
    expect(statuses).toEqual([202, 202, 429]);
    expect(await linkMails(t, address, 'verify-email')).toHaveLength(LINKS_PER_HOUR);

    const signedOut = await postAuth(t.app, '/email/verify/resend', undefined);
    expect(signedOut.statusCode).toBe(401);
  });

  it('sends nothing more once the address is verified', async () => {
    const address = email();
    const session = sessionToken(await registerAccount(t.app, { email: address }));
    expect((await verify(await newestToken(t, address, 'verify-email'))).statusCode).toBe(200);
    const res = await postAuth(t.app, '/email/verify/resend', undefined, { cookie: session });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe('Your e-mail address is already confirmed.');
    expect(await linkMails(t, address, 'verify-email')).toEqual([]);
  });

  it('shows donations made with the address while signed out only once it is verified', async () => {
    const address = email();
    const session = sessionToken(await registerAccount(t.app, { email: address }));
    const body = checkoutBody(await sandboxNonce(t.app), [BOOK, openAmount(8, 25)], address);
    expect((await postCheckout(t.app, { body, headers: { origin: SITE_ORIGIN } })).statusCode).toBe(200);
    const donations = async () =>
      (await t.app.inject({ url: '/auth/activity', cookies: { store_session: session } })).json().donations;

    expect(await donations()).toEqual([]);
    expect((await verify(await newestToken(t, address, 'verify-email'))).statusCode).toBe(200);
    expect(await donations()).toHaveLength(1);
  });
});
