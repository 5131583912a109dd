/**
 * A concert tier given monthly keeps its price: its amount is what the seats on its receipt are
 * valued against, so the donor API refuses a typed amount for it (400 naming `amount`) and offers a
 * move to another tier instead, at that tier's price now with that tier's seats. What the API
 * accepts or refuses, the next billing run charges and receipts. The checkout refuses a tier sent at
 * another price, so no path starts or turns a tier's gift into less than its price.
 */
import { monthlyGiftMessages } from '@store/shared/monthly-giving';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, RECEIPT_KIND } from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { chargesOf } from '../../../test/monthly-gift-fixtures';
import {
  billTestApp,
  giftsApi,
  monthlyCheckout,
  monthlyLine,
  monthlyTierLine,
  signedInDonor,
} from '../../../test/monthly-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { describeWithDb } from '../../../test/test-db';
import { MONTHLY_GIFT_CHANGE_KIND } from './gift-change-mail';
import { monthlyGifts } from './tables';

type GiftView = { id: string; amount: number; itemId: number; itemName: string; nextChargeOn: string | null };

describeWithDb('a concert tier’s monthly gift keeps its price, or moves to another tier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const bill = (asOf: string) => billTestApp(t, asOf);

  async function giftOf(session: string): Promise<GiftView & Record<string, unknown>> {
    const list = await giftsApi(t.app, session, 'GET');
    expect(list.statusCode).toBe(200);
    return list.json().gifts[0];
  }

  /** The receipt e-mail of a gift's paid charge for `period`, as the donor receives it. */
  async function receiptOf(giftId: string, period: string) {
    const paid = (await chargesOf(t.testDb.db, giftId)).find(
      (c) => c.billing_period === period && c.status === 'succeeded',
    );
    expect(paid, `a paid charge for ${period}`).toBeDefined();
    const [order] = await t.testDb.db
      .select()
      .from(orders)
      .where(eq(orders.id, paid?.id ?? ''));
    const [mail] = await outboxMessages(t.testDb.db, t.site, paid?.id ?? '', RECEIPT_KIND);
    return { order, text: mail?.text ?? '' };
  }

  async function changeMails(giftId: string) {
    const rows = await t.testDb.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, MONTHLY_GIFT_CHANGE_KIND), like(mailOutbox.subjectId, `${giftId}:%`)))
      .orderBy(mailOutbox.seq);
    return rows.map(({ subjectId, subject, text }) => ({ subjectId, subject, text }));
  }

  it('refuses $1 for the $500 Concert Patron (400 `amount`), charges and receipts $500; moves to another tier', async () => {
    const donor = await signedInDonor(t.app);
    const started = await monthlyCheckout(t.app, { ...donor, products: [monthlyTierLine(102, 500)] });
    expect(started.statusCode, started.body).toBe(200);
    const gift = await giftOf(donor.session);
    expect(gift).toMatchObject({ amount: 500, itemId: 102, itemName: 'Concert Patron', openAmount: false });
    expect(gift.tiers).toEqual([
      { id: 101, name: 'Concert Supporter', amount: 10 },
      { id: 102, name: 'Concert Patron', amount: 500 },
      { id: 103, name: 'Concert Benefactor', amount: 2500 },
      { id: 104, name: 'Concert Grand Sponsor', amount: 5000 },
    ]);
    const [before] = await t.testDb.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));

    // The attack, and its neighbours: no typed amount for a tier, no tier that is not offered.
    const attack = await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, { amount: 1 });
    expect(attack.statusCode).toBe(400);
    expect(attack.json().error).toEqual({
      code: 'validation_error',
      message: monthlyGiftMessages.amountFixed,
      fields: { amount: monthlyGiftMessages.amountFixed },
    });
    for (const [body, field] of [
      [{ amount: 499.99 }, 'amount'],
      [{ amount: 5000 }, 'amount'],
      [{ tierId: 999 }, 'tierId'],
      [{ tierId: 7 }, 'tierId'],
      [{ tierId: 'cheap' }, 'tierId'],
      [{ amount: 1, tierId: 101 }, 'tierId'],
      [{}, 'amount'],
    ] as const) {
      const res = await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    // Its own price is no change: nothing written, nothing mailed.
    const same = await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, { amount: 500 });
    expect(same.statusCode).toBe(200);
    const [after] = await t.testDb.db.select().from(monthlyGifts).where(eq(monthlyGifts.id, gift.id));
    expect(after).toEqual(before);

    const firstDay = gift.nextChargeOn ?? '';
    expect(await bill(firstDay)).toMatchObject({ charged: 1, chargedCents: 50_000 });
    const patron = await receiptOf(gift.id, firstDay.slice(0, 7));
    expect(patron.order).toMatchObject({ amountCents: 50_000, deductibleCents: 40_000 });
    expect(patron.text).toContain('$500.00');
    expect(patron.text).toContain('Two reserved seats at the concert');
    expect(patron.text).not.toContain('$1.00');

    // A move to another tier: its price and its seats from the next charge on ($5,000: the sandbox
    // declines $2,000 to $2,999.99, so not the $2,500 tier).
    const moved = await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, { tierId: 104 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().gift).toMatchObject({ amount: 5000, itemId: 104, itemName: 'Concert Grand Sponsor' });
    // Confirmed by e-mail, naming the new tier; the refused changes and the no-change mailed nothing.
    expect(await changeMails(gift.id)).toEqual([
      {
        subjectId: expect.stringMatching(`^${gift.id}:tier:`),
        subject: 'Your monthly gift: new tier',
        text: expect.stringContaining('to Concert Grand Sponsor (Dallas Center, Texas), $5,000.00 a month'),
      },
    ]);
    const secondDay = (await giftOf(donor.session)).nextChargeOn ?? '';
    expect(secondDay > firstDay).toBe(true);
    expect(await bill(secondDay)).toMatchObject({ charged: 1, chargedCents: 500_000 });
    const sponsor = await receiptOf(gift.id, secondDay.slice(0, 7));
    expect(sponsor.order).toMatchObject({ amountCents: 500_000, deductibleCents: 464_000 });
    expect(sponsor.text).toContain('Concert Grand Sponsor');
    expect(sponsor.text).toContain('$5,000.00');
    expect(sponsor.text).toContain('Six reserved front-row seats at the concert');
    expect(sponsor.text).not.toContain('Two reserved seats');

    // And down again, to a tier with nothing in return: the whole charge is a gift.
    expect((await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, { tierId: 101 })).statusCode).toBe(200);
    const thirdDay = (await giftOf(donor.session)).nextChargeOn ?? '';
    expect(await bill(thirdDay)).toMatchObject({ charged: 1, chargedCents: 1_000 });
    const supporter = await receiptOf(gift.id, thirdDay.slice(0, 7));
    expect(supporter.order).toMatchObject({ amountCents: 1_000, deductibleCents: 1_000 });
    expect(supporter.text).not.toContain('reserved seats');
  });

  it('lets an open amount change to any amount, but not move to a tier (400 `tierId`)', async () => {
    const donor = await signedInDonor(t.app);
    expect((await monthlyCheckout(t.app, { ...donor, products: [monthlyLine(8, 51)] })).statusCode).toBe(200);
    const gift = await giftOf(donor.session);
    expect(gift).toMatchObject({ openAmount: true, tiers: [] });
    const tier = await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, { tierId: 102 });
    expect(tier.statusCode).toBe(400);
    expect(tier.json().error.fields).toEqual({ tierId: monthlyGiftMessages.tierOfOpenAmount });
    const changed = await giftsApi(t.app, donor.session, 'PATCH', `/${gift.id}`, { amount: 1 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().gift).toMatchObject({ amount: 1, itemId: 8 });
    await bill(gift.nextChargeOn ?? '');
    const charges = await chargesOf(t.testDb.db, gift.id);
    expect(charges.map((c) => [c.status, Number(c.amount_cents)])).toEqual([['succeeded', 100]]);
  });

  it('refuses a monthly checkout that sends a tier at another price, and starts no gift', async () => {
    const donor = await signedInDonor(t.app);
    const res = await monthlyCheckout(t.app, { ...donor, products: [monthlyTierLine(102, 1)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'amount_mismatch', fields: { amount: expect.any(String) } });
    expect((await giftsApi(t.app, donor.session, 'GET')).json().gifts).toEqual([]);
  });
});
