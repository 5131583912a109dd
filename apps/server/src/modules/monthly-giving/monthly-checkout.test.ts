/**
 * A checkout with a monthly line (issue 22): only for a signed-in account; the card is stored in the
 * gateway's vault, the first month charged with the stored card, and one gift per monthly line
 * becomes active with its card and schedule. A card refused at vaulting starts nothing; a repeated
 * Idempotency-Key stores and charges nothing again.
 */
import { randomUUID } from 'node:crypto';
import { calendarDay, firstScheduledCharge, monthlyGiftMessages, ordinalDay } from '@store/shared/monthly-giving';
import { WALLET_TEST_NONCES, walletMessages } from '@store/shared/payment-methods';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailRenderers } from '#src/mail-renderers';
import { orders, RECEIPT_KIND } from '#src/modules/ledger/index';
import { buildTestApp, TEST_TICKET_SIGNING_SEED, type TestApp } from '../../../test/build-test-app';
import {
  BOOK,
  checkoutBody,
  countRows,
  DECLINING_CARD,
  openAmount,
  postCheckout,
  sandboxNonce,
} from '../../../test/checkout-helpers';
import { asDonor, monthlyCheckout, monthlyLine, signedInDonor } from '../../../test/monthly-helpers';
import { describeWithDb } from '../../../test/test-db';
import { monthlyGifts } from './tables';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

describeWithDb('checkout with a monthly line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const vaultRows = async () =>
    Number((await t.testDb.db.execute<{ n: number }>(sql`select count(*)::int as n from sandbox_vault`)).rows[0]?.n);
  const giftsOf = (email: string) => t.testDb.db.select().from(monthlyGifts).where(eq(monthlyGifts.email, email));

  it('refuses a signed-out donor with 401 and writes nothing', async () => {
    const before = await countRows(t.testDb.db);
    const vaultBefore = await vaultRows();
    const res = await monthlyCheckout(t.app, {
      session: null,
      email: 'guest@example.org',
      products: [monthlyLine(8, 25)],
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(monthlyGiftMessages.signInRequired);
    const after = await countRows(t.testDb.db);
    // Only the tokenized card's nonce is new: no order, no charge, no mail, nothing vaulted.
    expect({ ...after, nonces: before.nonces }).toEqual(before);
    expect(await vaultRows()).toBe(vaultBefore);
  });

  it('refuses a monthly line for an item that cannot be monthly, naming the line', async () => {
    const { email, session } = await signedInDonor(t.app);
    const res = await monthlyCheckout(t.app, {
      session,
      email,
      products: [openAmount(8, 10), { ...BOOK, key: '9:monthly', monthly: true }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'products.1.monthly': monthlyGiftMessages.notEligible });
    expect(await giftsOf(email)).toEqual([]);
  });

  it('charges the first month with the stored card and starts an active gift with its card and schedule', async () => {
    const { email, session } = await signedInDonor(t.app);
    const vaultBefore = await vaultRows();
    const res = await monthlyCheckout(t.app, { session, email, products: [BOOK, monthlyLine(7, 51)] });
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    const today = calendarDay(new Date(), t.site.foundation.timeZone);
    const schedule = firstScheduledCharge(today);
    expect(answer).toMatchObject({ success: true, amount: 61 });
    expect(answer.monthly).toEqual([{ name: expect.any(String), amount: 51, billingDay: schedule.billingDay }]);
    expect(ordinalDay(answer.monthly[0].billingDay)).toMatch(/^\d+(st|nd|rd|th)$/);

    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order?.status).toBe('succeeded');
    const gifts = await giftsOf(email);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({
      status: 'active',
      firstOrderId: answer.orderId,
      amountCents: 5100,
      deductibleCents: 5100,
      cardBrand: 'Visa',
      cardLastFour: '1111',
      billingDay: schedule.billingDay,
      billingPeriod: schedule.period,
      nextChargeOn: schedule.chargeOn,
      failedAttempts: 0,
    });
    expect(gifts[0]?.product).toMatchObject({ id: 7, unitCents: 5100, quantity: 1, monthly: true });
    expect(await vaultRows()).toBe(vaultBefore + 1);

    // The first receipt, as the mail worker writes it with the app's renderers: the gift is
    // monthly, its next charge is the stored one, and the dashboard is linked on the store's origin.
    const renderers = mailRenderers({
      db: t.testDb.db,
      site: t.site,
      secrets: { session: 'x'.repeat(32), ticketSigning: TEST_TICKET_SIGNING_SEED },
      signature: null,
      storeUrl: 'https://store.example.org',
    });
    const receipt = (await renderers[RECEIPT_KIND]?.([answer.orderId], new Map()))?.get(answer.orderId);
    const nextCharge = longDate.format(new Date(`${gifts[0]?.nextChargeOn}T12:00:00Z`));
    const said = `This gift is monthly: $51.00 each month. The next charge is on ${nextCharge}, then on the ${ordinalDay(schedule.billingDay)} of each month.`;
    for (const body of [receipt?.text, receipt?.html]) {
      expect(body).toContain(said);
      expect(body).toContain('https://store.example.org/dashboard');
    }
    expect(receipt?.text).toMatch(
      /^- .+ \(monthly gift, [A-Z][a-z]+ \d{4}\): \$51\.00 \(Gift\); deductible \$51\.00$/m,
    );
  });

  it('answers a card refused at vaulting with 402 and its message, and starts no gift', async () => {
    const { email, session } = await signedInDonor(t.app);
    const vaultBefore = await vaultRows();
    const res = await monthlyCheckout(t.app, { session, email, products: [monthlyLine(8, 30)], card: DECLINING_CARD });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order?.status).toBe('failed');
    expect(await giftsOf(email)).toEqual([]);
    expect(await vaultRows()).toBe(vaultBefore);
  });

  it("pays a monthly gift with PayPal's billing agreement, named PayPal; refuses its one-time payment, saying why", async () => {
    // The sandbox widget sends PayPal's billing-agreement nonce for a monthly bucket.
    const { email, session } = await signedInDonor(t.app);
    const pay = (nonce: string) =>
      postCheckout(t.app, { body: checkoutBody(nonce, [monthlyLine(8, 30)], email), headers: asDonor(session) });
    const oneTime = await pay(WALLET_TEST_NONCES.paypal);
    expect(oneTime.statusCode).toBe(402);
    expect(oneTime.json()).toMatchObject({ success: false, message: walletMessages.paypalOneTimeNotMonthly });
    expect(await giftsOf(email)).toEqual([]);

    const agreed = await pay(WALLET_TEST_NONCES.paypalVault);
    expect(agreed.statusCode).toBe(200);
    expect(agreed.json()).toMatchObject({ paymentMethod: 'PayPal' });
    expect(await giftsOf(email)).toEqual([
      expect.objectContaining({ status: 'active', paymentKind: 'paypal', cardBrand: 'PayPal', cardLastFour: '' }),
    ]);
  });

  it('replays the same Idempotency-Key: one order, one gift, one stored card', async () => {
    const { email, session } = await signedInDonor(t.app);
    const key = randomUUID();
    const vaultBefore = await vaultRows();
    const products = [monthlyLine(8, 20)];
    const first = await monthlyCheckout(t.app, { session, email, products, key });
    expect(first.statusCode).toBe(200);
    // A retry carries a fresh nonce from the card widget: still the same order, answered as stored.
    const again = await monthlyCheckout(t.app, { session, email, products, key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const byEmail = await t.testDb.db.select().from(orders).where(eq(orders.email, email));
    expect(byEmail).toHaveLength(1);
    expect(await giftsOf(email)).toHaveLength(1);
    expect(await vaultRows()).toBe(vaultBefore + 1);
  });

  describe('the same body twice', () => {
    it('answers the stored answer and charges nothing more', async () => {
      const { email, session } = await signedInDonor(t.app);
      const body = checkoutBody(await sandboxNonce(t.app), [monthlyLine(7, 15)], email);
      const key = randomUUID();
      const first = await postCheckout(t.app, { body, key, headers: asDonor(session) });
      const second = await postCheckout(t.app, { body, key, headers: asDonor(session) });
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await giftsOf(email)).toHaveLength(1);
    });
  });
});
