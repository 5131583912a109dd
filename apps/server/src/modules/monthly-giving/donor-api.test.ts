/**
 * The donor's monthly gifts API (issue 22): list, change the amount, pause, resume, a new card,
 * cancel; each confirmed by an e-mail; another account's gift is 404, a cancelled gift 409, a bad
 * body 400 naming the field, a signed-out or cross-site call refused.
 */
import { calendarDay, monthlyGiftMessages } from '@store/shared/monthly-giving';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '#src/modules/mail/tables';
import { GOOD_PASSWORD, postAuth } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, DECLINING_CARD, sandboxNonce } from '../../../test/checkout-helpers';
import { giftsApi, monthlyCheckout, monthlyLine, signedInDonor } from '../../../test/monthly-helpers';
import { describeWithDb } from '../../../test/test-db';
import { MONTHLY_GIFT_CHANGE_KIND } from './gift-change-mail';
import { monthlyGifts } from './tables';

const STORE_ORIGIN = 'https://store.example.org';

describeWithDb('the donor’s monthly gifts API', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The store's origin, which the change e-mails' dashboard link names (not the foundation's site).
    t = await buildTestApp({ env: { ALLOWED_ORIGINS: STORE_ORIGIN } });
  });
  afterAll(() => t?.close());

  /** A signed-in donor with one active gift of $51 a month to cause 7 (and a one-time book). */
  async function donorWithGift() {
    const donor = await signedInDonor(t.app);
    const res = await monthlyCheckout(t.app, { ...donor, products: [BOOK, monthlyLine(7, 51)] });
    expect(res.statusCode).toBe(200);
    const list = await giftsApi(t.app, donor.session, 'GET');
    expect(list.statusCode).toBe(200);
    const [gift] = list.json().gifts;
    return { ...donor, gift, orderId: res.json().orderId as string };
  }

  /** The confirmation e-mails of a gift, oldest first: [action, subject, text]. */
  async function mailsOf(giftId: string) {
    const rows = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, MONTHLY_GIFT_CHANGE_KIND), like(mailOutbox.subjectId, `${giftId}:%`)))
      .orderBy(mailOutbox.seq);
    return rows.map((r) => ({ action: r.subjectId.split(':')[1], to: r.toAddress, subject: r.subject, text: r.text }));
  }

  it('links each change e-mail (amount, pause, resume, cancel) to the dashboard, in the HTML and the text', async () => {
    const { gift, session } = await donorWithGift();
    await giftsApi(t.app, session, 'PATCH', `/${gift.id}`, { amount: 60 });
    for (const action of ['pause', 'resume', 'cancel']) {
      expect((await giftsApi(t.app, session, 'POST', `/${gift.id}/${action}`)).statusCode).toBe(200);
    }
    const rows = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, MONTHLY_GIFT_CHANGE_KIND), like(mailOutbox.subjectId, `${gift.id}:%`)))
      .orderBy(mailOutbox.seq);
    expect(rows.map((r) => r.subjectId.split(':')[1])).toEqual(['amount', 'pause', 'resume', 'cancel']);
    for (const row of rows) {
      expect(row.text).toContain(`Manage your monthly gifts on your dashboard: ${STORE_ORIGIN}/dashboard`);
      expect(row.html).toContain(`href="${STORE_ORIGIN}/dashboard"`);
    }
  });

  it('lists the gift with its card, schedule and first charge; not to a guest', async () => {
    const { gift, orderId } = await donorWithGift();
    expect(gift).toMatchObject({
      status: 'active',
      pausedReason: null,
      amount: 51,
      itemId: 7,
      centerName: expect.any(String),
      card: { brand: 'Visa', lastFour: '1111' },
      failedAttempts: 0,
      cancelledAt: null,
    });
    expect(gift.nextChargeOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(gift.charges).toEqual([
      {
        orderId,
        date: calendarDay(new Date(), t.site.foundation.timeZone),
        amount: 51,
        status: 'succeeded',
        receiptNumber: expect.any(String),
      },
    ]);
    expect((await giftsApi(t.app, null, 'GET')).statusCode).toBe(401);
  });

  it('changes the amount from the next charge, with the deductible part, and mails it', async () => {
    const { gift, email, session } = await donorWithGift();
    const res = await giftsApi(t.app, session, 'PATCH', `/${gift.id}`, { amount: 75.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().gift).toMatchObject({ amount: 75.5, status: 'active', nextChargeOn: gift.nextChargeOn });
    const [row] = await t.testDb.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(row).toMatchObject({ amountCents: 7550, deductibleCents: 7550 });
    const mails = await mailsOf(gift.id);
    expect(mails).toEqual([
      {
        action: 'amount',
        to: email,
        subject: 'Your monthly gift: new amount',
        text: expect.stringContaining('$75.50'),
      },
    ]);
  });

  it('refuses a bad amount naming the field, and changes nothing', async () => {
    const { gift, session } = await donorWithGift();
    for (const body of [{ amount: 0.5 }, { amount: 10.001 }, { amount: 'ten' }, {}]) {
      const res = await giftsApi(t.app, session, 'PATCH', `/${gift.id}`, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {})).toContain('amount');
    }
    const res = await giftsApi(t.app, session, 'PATCH', `/${gift.id}`, { amount: 0.5 });
    expect(res.json().error.fields.amount).toBe(monthlyGiftMessages.amount);
    expect(await mailsOf(gift.id)).toEqual([]);
  });

  it('pauses and resumes on the resume rule’s day, each confirmed by e-mail', async () => {
    const { gift, session } = await donorWithGift();
    const paused = await giftsApi(t.app, session, 'POST', `/${gift.id}/pause`);
    expect(paused.statusCode).toBe(200);
    expect(paused.json().gift).toMatchObject({ status: 'paused', pausedReason: 'donor', nextChargeOn: null });
    const resumed = await giftsApi(t.app, session, 'POST', `/${gift.id}/resume`);
    expect(resumed.statusCode).toBe(200);
    // Resumed the day it started: next month's charge as before, never this month's again (the
    // checkout paid it).
    expect(resumed.json().gift).toMatchObject({
      status: 'active',
      pausedReason: null,
      nextChargeOn: gift.nextChargeOn,
      failedAttempts: 0,
    });
    expect((await mailsOf(gift.id)).map((m) => [m.action, m.subject])).toEqual([
      ['pause', 'Your monthly gift is paused'],
      ['resume', 'Your monthly gift is resumed'],
    ]);
  });

  it('takes a new card; a gift paused for declines is active again and tried today', async () => {
    const { gift, session } = await donorWithGift();
    await t.testDb.db
      .update(monthlyGifts)
      .set({ status: 'paused', pausedReason: 'card_declined', failedAttempts: 3 })
      .where(eq(monthlyGifts.id, gift.id));
    const nonce = await sandboxNonce(t.app, { number: '5555 5555 5555 4444', expirationDate: '11/29' });
    const res = await giftsApi(t.app, session, 'POST', `/${gift.id}/card`, { nonce });
    expect(res.statusCode).toBe(200);
    expect(res.json().gift).toMatchObject({
      status: 'active',
      nextChargeOn: calendarDay(new Date(), t.site.foundation.timeZone),
      failedAttempts: 0,
      card: { brand: 'MasterCard', lastFour: '4444', expMonth: 11, expYear: 2029 },
    });
    expect((await mailsOf(gift.id)).map((m) => m.action)).toEqual(['card']);
  });

  it('answers a refused card with 402 and its message, keeping the old card', async () => {
    const { gift, session } = await donorWithGift();
    const nonce = await sandboxNonce(t.app, { number: DECLINING_CARD });
    const res = await giftsApi(t.app, session, 'POST', `/${gift.id}/card`, { nonce });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      error: { code: 'card_refused', message: 'Payment was declined by the card issuer.' },
    });
    const after = await giftsApi(t.app, session, 'GET');
    expect(after.json().gifts[0].card).toMatchObject({ lastFour: '1111' });
    const empty = await giftsApi(t.app, session, 'POST', `/${gift.id}/card`, { nonce: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('nonce');
    expect(await mailsOf(gift.id)).toEqual([]);
  });

  it('cancels for good: every action after it is 409', async () => {
    const { gift, session } = await donorWithGift();
    const res = await giftsApi(t.app, session, 'POST', `/${gift.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().gift).toMatchObject({ status: 'cancelled', nextChargeOn: null, cancelledAt: expect.any(String) });
    for (const [method, path, body] of [
      ['POST', '/pause', undefined],
      ['POST', '/resume', undefined],
      ['POST', '/cancel', undefined],
      ['PATCH', '', { amount: 20 }],
      ['POST', '/card', { nonce: 'fake-valid-nonce' }],
    ] as const) {
      const again = await giftsApi(t.app, session, method, `/${gift.id}${path}`, body);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(monthlyGiftMessages.cancelled);
    }
    expect((await mailsOf(gift.id)).map((m) => m.action)).toEqual(['cancel']);
  });

  it('answers 404 for another account’s gift and for an id that is none, 403 from another site', async () => {
    const { gift } = await donorWithGift();
    const other = await signedInDonor(t.app);
    for (const path of [`/${gift.id}/pause`, `/${gift.id}/cancel`, '/not-a-gift/pause']) {
      expect((await giftsApi(t.app, other.session, 'POST', path)).statusCode).toBe(404);
    }
    expect((await giftsApi(t.app, other.session, 'PATCH', `/${gift.id}`, { amount: 5 })).statusCode).toBe(404);
    expect((await giftsApi(t.app, other.session, 'GET')).json().gifts).toEqual([]);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/account/monthly-gifts/${gift.id}/pause`,
      headers: { origin: 'https://elsewhere.example', cookie: `store_session=${other.session}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(await mailsOf(gift.id)).toEqual([]);
  });

  it('cancels the gifts of a deleted account first', async () => {
    const { gift, session } = await donorWithGift();
    const res = await postAuth(
      t.app,
      '/account/delete',
      { currentPassword: GOOD_PASSWORD },
      { cookie: session, remoteAddress: '10.123.0.1' },
    );
    expect(res.statusCode).toBe(204);
    const [row] = await t.testDb.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(row).toMatchObject({ status: 'cancelled', userId: null });
    expect((await mailsOf(gift.id)).map((m) => m.action)).toEqual(['cancel']);
  });
});
