/**
 * Issue 22: what the donor does on the dashboard, the next billing run does. A gift started at the
 * checkout is given a new amount (the next charge is the new amount), paused (its month passes with
 * no charge), resumed (charged again from the first month not paid, not the one the checkout paid),
 * and cancelled (nothing more, ever): through the donor API, then `runBilling` on the same database.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { chargesOf } from '../../../test/monthly-gift-fixtures';
import { billTestApp, giftsApi, monthlyCheckout, monthlyLine, signedInDonor } from '../../../test/monthly-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('what the dashboard changes, the next billing run does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const bill = (asOf: string) => billTestApp(t, asOf);

  it('charges the new amount, skips a paused month, charges again once resumed, and never after a cancel', async () => {
    const donor = await signedInDonor(t.app);
    const started = await monthlyCheckout(t.app, { ...donor, products: [monthlyLine(8, 51)] });
    expect(started.statusCode).toBe(200);
    const giftNow = async () => {
      const list = await giftsApi(t.app, donor.session, 'GET');
      expect(list.statusCode).toBe(200);
      return list.json().gifts[0] as { id: string; nextChargeOn: string | null; status: string };
    };
    const gift = await giftNow();
    const firstDay = gift.nextChargeOn ?? '';
    const act = async (path: string, body?: object) => {
      const res = await giftsApi(t.app, donor.session, body ? 'PATCH' : 'POST', `/${gift.id}${path}`, body);
      expect(res.statusCode, res.body).toBe(200);
    };

    await act('', { amount: 60 });
    expect(await bill(firstDay)).toMatchObject({ charged: 1, chargedCents: 6000 });

    const secondDay = (await giftNow()).nextChargeOn ?? '';
    expect(secondDay > firstDay).toBe(true);
    await act('/pause');
    expect(await bill(secondDay)).toMatchObject({ due: 0, charged: 0 });

    await act('/resume');
    // The first month not paid: the paused one (today is before it), never the checkout's month.
    expect((await giftNow()).nextChargeOn).toBe(secondDay);
    expect(await bill(secondDay)).toMatchObject({ charged: 1, chargedCents: 6000 });

    const thirdDay = (await giftNow()).nextChargeOn ?? '';
    await act('/cancel');
    expect(await bill(thirdDay)).toMatchObject({ due: 0, charged: 0 });
    expect(await bill(`${Number(thirdDay.slice(0, 4)) + 1}${thirdDay.slice(4)}`)).toMatchObject({ charged: 0 });

    const charges = await chargesOf(t.testDb.db, gift.id);
    expect(charges.filter((c) => c.status === 'succeeded').map((c) => Number(c.amount_cents))).toEqual([6000, 6000]);
    expect((await giftNow()).status).toBe('cancelled');
  });
});
