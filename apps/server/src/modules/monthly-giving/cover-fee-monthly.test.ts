/**
 * A monthly gift started with the fee covered covers it every month: the billing run's
 * pending charge is the month's amount plus the fee at the entity's fee setting (written before the
 * gateway is called, with the fee and its deductible share), and the donor turns it off (or on)
 * from the dashboard: PUT /api/account/monthly-gifts/:id/cover-fee, their own gift only, a bad body
 * a 400 naming the field, each change confirmed by e-mail like the other changes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { asDonor, billTestApp, giftsApi, monthlyLine, signedInDonor } from '../../../test/monthly-helpers';
import { describeWithDb } from '../../../test/test-db';
import { MONTHLY_GIFT_CHANGE_KIND } from './gift-change-mail';

describeWithDb('a monthly gift that covers its processing fee', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const bill = (asOf: string) => billTestApp(t, asOf);
  const coverFee = (session: string, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/account/monthly-gifts/${id}/cover-fee`,
      headers: asDonor(session),
      payload: payload as object,
    });

  it('charges $51 + $1.84 each month while on, $51 once the donor turns it off; only the owner may', async () => {
    const donor = await signedInDonor(t.app);
    const body = checkoutBody(await sandboxNonce(t.app), [monthlyLine(8, 51)], donor.email);
    const started = await postCheckout(t.app, {
      body: { ...body, amount: 52.84, customerDetails: { ...body.customerDetails, coverFee: true } },
      headers: asDonor(donor.session),
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ amount: 52.84, feeCovered: 1.84 });

    const list = await giftsApi(t.app, donor.session, 'GET');
    const [gift] = list.json().gifts;
    expect(gift).toMatchObject({ amount: 51, coverFee: true, fee: 1.84 });
    const firstDay: string = gift.nextChargeOn;

    expect(await bill(firstDay)).toMatchObject({ charged: 1, chargedCents: 5284 });
    const charge = async (period: string) =>
      (
        await t.testDb.db
          .select()
          .from(orders)
          .where(eq(orders.monthlyGiftId, gift.id))
          .then((rows) => rows.filter((o) => o.billingPeriod === period))
      )[0];
    const first = await charge(firstDay.slice(0, 7));
    expect(first).toMatchObject({
      status: 'succeeded',
      amountCents: 5284,
      feeCoveredCents: 184,
      deductibleCents: 5284,
    });

    // Another donor cannot touch it; a body without a boolean is a 400 naming the field.
    const stranger = await signedInDonor(t.app);
    expect((await coverFee(stranger.session, gift.id, { coverFee: false })).statusCode).toBe(404);
    for (const bad of [{}, { coverFee: 'no' }]) {
      const res = await coverFee(donor.session, gift.id, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('coverFee');
    }

    const off = await coverFee(donor.session, gift.id, { coverFee: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().gift).toMatchObject({ coverFee: false, fee: 1.84 });
    const mails = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.kind, MONTHLY_GIFT_CHANGE_KIND));
    expect(mails.map((m) => m.subject)).toContain('Your monthly gift: processing fee');

    const secondDay: string = off.json().gift.nextChargeOn;
    expect(await bill(secondDay)).toMatchObject({ charged: 1, chargedCents: 5100 });
    expect(await charge(secondDay.slice(0, 7))).toMatchObject({ amountCents: 5100, feeCoveredCents: 0 });
  });
});
