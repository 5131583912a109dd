/**
 * The dashboard's account settings (issue 18): change the password (every other session ends),
 * change the e-mail (nothing changes until the link mailed to the new address is followed; the old
 * address is told), log out everywhere, and delete the account (its orders stay, unlinked).
 */
import { authMessages } from '@store/shared/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { linkMails, newestToken } from '../../../test/account-link-helpers';
import {
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
import { BOOK, checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { describeWithDb } from '../../../test/test-db';
import { EMAIL_CHANGED_KIND } from './account-link-kinds';
import { LINKS_PER_HOUR } from './link-limits';
import { accountLinks, authSessions, users } from './tables';

const NEW_PASSWORD = 'a brand new passphrase 7';

describeWithDb('account settings', () => {
  let t: TestApp;
  let n = 0;
  let signUps = 0;
  const email = () => `settings${++n}@example.org`;
  /** Each sign-up from its own client address: one address may open only 10 accounts an hour. */
  const signUp = (body: { email: string; name?: string }) =>
    registerAccount(t.app, body, { remoteAddress: `10.90.${++signUps}.1` });
  /** An account signed in twice (two browsers): [this browser's session, the other's]. */
  async function twoSessions(address: string): Promise<[string, string]> {
    const first = sessionToken(await signUp({ email: address }));
    const second = sessionToken(await logIn(t.app, { email: address, password: GOOD_PASSWORD }));
    return [first, second];
  }

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  describe('change password', () => {
    const change = (cookie: string | undefined, body: object) =>
      postAuth(t.app, '/password/change', body, { cookie, remoteAddress: `10.80.${n}.1` });

    it('checks the current password, ends every other session and keeps this one', async () => {
      const address = email();
      const [mine, other] = await twoSessions(address);
      const res = await change(mine, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email: address, hasPassword: true });
      expect((await getProfile(t.app, mine)).statusCode).toBe(200);
      expect((await getProfile(t.app, other)).statusCode).toBe(401);
      expect((await logIn(t.app, { email: address, password: GOOD_PASSWORD })).statusCode).toBe(401);
      expect((await logIn(t.app, { email: address, password: NEW_PASSWORD })).statusCode).toBe(200);
    });

    it('refuses a wrong or missing current password and a weak new one, each naming its field', async () => {
      const address = email();
      const [mine, other] = await twoSessions(address);
      const wrong = await change(mine, { currentPassword: 'not my password', newPassword: NEW_PASSWORD });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toEqual({
        code: 'validation_error',
        message: authMessages.currentPasswordWrong,
        fields: { currentPassword: authMessages.currentPasswordWrong },
      });
      const missing = await change(mine, { newPassword: NEW_PASSWORD });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toHaveProperty('currentPassword');
      const weak = await change(mine, { currentPassword: GOOD_PASSWORD, newPassword: 'password1234' });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields).toEqual({ newPassword: authMessages.passwordTooCommon });
      const short = await change(mine, { currentPassword: GOOD_PASSWORD, newPassword: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.fields).toHaveProperty('newPassword');
      // Nothing changed: the other browser is still signed in, the old password still works.
      expect((await getProfile(t.app, other)).statusCode).toBe(200);
      expect((await logIn(t.app, { email: address, password: GOOD_PASSWORD })).statusCode).toBe(200);
    });

    it('counts wrong current passwords like failed logins (429 after 10 from one address)', async () => {
      const address = email();
      const [mine] = await twoSessions(address);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await postAuth(
          t.app,
          '/password/change',
          { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD },
          { cookie: mine, remoteAddress: '10.81.0.1' },
        );
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([...Array(10).fill(400), 429]);
    });

    it('needs the session cookie: 401 without it', async () => {
      const res = await change(undefined, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('change e-mail', () => {
    const change = (cookie: string, body: object, remoteAddress = `10.82.${n}.1`) =>
      postAuth(t.app, '/email/change', body, { cookie, remoteAddress });
    const verify = (token: string) => postAuth(t.app, '/email/verify', { token });

    it('mails a link to the new address; nothing changes until it is followed; the old address is told', async () => {
      const address = email();
      const newAddress = `new-${address}`;
      const session = sessionToken(await signUp({ name: 'Ann Lee', email: address }));
      const res = await change(session, { newEmail: newAddress, currentPassword: GOOD_PASSWORD });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: authMessages.verificationSent.replace('{email}', newAddress) });
      expect((await getProfile(t.app, session)).json().user.email).toBe(address);

      const [mail] = await linkMails(t, newAddress, 'change-email');
      expect(mail?.to).toBe(newAddress);
      expect(mail?.subject).toBe('Confirm your new e-mail address');
      expect(new URL(String(mail?.link)).pathname).toBe('/verify-email');

      const followed = await verify(await newestToken(t, newAddress, 'change-email'));
      expect(followed.statusCode).toBe(200);
      expect(followed.json().user).toMatchObject({ email: newAddress, emailVerified: true });
      expect((await logIn(t.app, { email: newAddress, password: GOOD_PASSWORD })).statusCode).toBe(200);
      expect((await logIn(t.app, { email: address, password: GOOD_PASSWORD })).statusCode).toBe(401);

      const [link] = await t.testDb.db.select().from(accountLinks).where(eq(accountLinks.email, newAddress));
      const notices = await outboxMessages(t.testDb.db, t.site, String(link?.id), EMAIL_CHANGED_KIND);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.toAddress).toBe(address);
      expect(notices[0]?.text).toContain(newAddress);
      expect(notices[0]?.text).not.toContain('?token=');
    });

    it('answers 409 for an address with an account, and 409 when it was taken before the link was followed', async () => {
      const address = email();
      const taken = email();
      await signUp({ email: taken });
      const session = sessionToken(await signUp({ email: address }));
      const res = await change(session, { newEmail: taken.toUpperCase(), currentPassword: GOOD_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'email_taken', fields: { newEmail: expect.any(String) } });

      const later = `later-${address}`;
      expect((await change(session, { newEmail: later, currentPassword: GOOD_PASSWORD })).statusCode).toBe(202);
      const token = await newestToken(t, later, 'change-email');
      expect((await signUp({ email: later })).statusCode).toBe(201);
      const followed = await verify(token);
      expect(followed.statusCode).toBe(409);
      expect((await getProfile(t.app, session)).json().user.email).toBe(address);
    });

    it('refuses a wrong current password, the same address, and a bad address, naming the field', async () => {
      const address = email();
      const session = sessionToken(await signUp({ email: address }));
      const wrong = await change(session, { newEmail: `x-${address}`, currentPassword: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ currentPassword: authMessages.currentPasswordWrong });
      const same = await change(session, { newEmail: address.toUpperCase(), currentPassword: GOOD_PASSWORD });
      expect(same.statusCode).toBe(400);
      expect(same.json().error.fields).toHaveProperty('newEmail');
      const bad = await change(session, { newEmail: 'nope', currentPassword: GOOD_PASSWORD });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('newEmail');
    });

    it(`sends ${LINKS_PER_HOUR} change links an hour per account, then 429 with Retry-After`, async () => {
      const address = email();
      const session = sessionToken(await signUp({ email: address }));
      const statuses: number[] = [];
      for (let i = 0; i < LINKS_PER_HOUR + 1; i += 1) {
        const res = await change(session, { newEmail: `move${i}-${address}`, currentPassword: GOOD_PASSWORD });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      }
      expect(statuses).toEqual([...Array(LINKS_PER_HOUR).fill(202), 429]);
    });

    it('voids a pending change link when the password is changed (a stolen session cannot finish it)', async () => {
      const address = email();
      const [mine] = await twoSessions(address);
      const target = `thief-${address}`;
      expect((await change(mine, { newEmail: target, currentPassword: GOOD_PASSWORD })).statusCode).toBe(202);
      const token = await newestToken(t, target, 'change-email');
      const changed = await postAuth(
        t.app,
        '/password/change',
        { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD },
        { cookie: mine, remoteAddress: '10.83.0.1' },
      );
      expect(changed.statusCode).toBe(200);
      expect((await verify(token)).statusCode).toBe(400);
    });
  });

  describe('log out everywhere', () => {
    it('ends every session of the account and clears the cookie', async () => {
      const address = email();
      const [mine, other] = await twoSessions(address);
      const res = await postAuth(t.app, '/logout-everywhere', undefined, { cookie: mine });
      expect(res.statusCode).toBe(204);
      expect(sessionCookie(res)).toMatchObject({ value: '', maxAge: 0 });
      for (const session of [mine, other]) expect((await getProfile(t.app, session)).statusCode).toBe(401);
      const [user] = await t.testDb.db.select().from(users).where(eq(users.email, address));
      const left = await t.testDb.db
        .select()
        .from(authSessions)
        .where(eq(authSessions.userId, String(user?.id)));
      expect(left).toEqual([]);
      expect((await postAuth(t.app, '/logout-everywhere', undefined, { cookie: mine })).statusCode).toBe(401);
    });
  });

  describe('delete account', () => {
    const remove = (cookie: string, body: object) =>
      postAuth(t.app, '/account/delete', body, { cookie, remoteAddress: `10.84.${n}.1` });

    it('checks the password, deletes the account and its sessions, and keeps its orders unlinked', async () => {
      const address = email();
      const [mine, other] = await twoSessions(address);
      const body = checkoutBody(await sandboxNonce(t.app), [BOOK, openAmount(8, 25)], address);
      const paid = await postCheckout(t.app, {
        body,
        headers: { origin: SITE_ORIGIN, cookie: `store_session=${mine}` },
      });
      expect(paid.statusCode).toBe(200);
      const orderId = paid.json().orderId;

      const wrong = await remove(mine, { currentPassword: 'not my password' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields).toEqual({ currentPassword: authMessages.currentPasswordWrong });
      expect((await remove(mine, {})).statusCode).toBe(400);

      const res = await remove(mine, { currentPassword: GOOD_PASSWORD });
      expect(res.statusCode).toBe(204);
      expect(sessionCookie(res)).toMatchObject({ value: '', maxAge: 0 });
      for (const session of [mine, other]) expect((await getProfile(t.app, session)).statusCode).toBe(401);
      expect(await t.testDb.db.select().from(users).where(eq(users.email, address))).toEqual([]);
      const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: 'succeeded', userId: null, email: address });
      expect((await logIn(t.app, { email: address, password: GOOD_PASSWORD })).statusCode).toBe(401);
      // The address is free again.
      expect((await signUp({ email: address })).statusCode).toBe(201);
    });
  });
});
