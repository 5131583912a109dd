/**
 * Gifts in each entity's currency, through the API on both databases: a Canadian gift in CAD with
 * its CRA receipt numbered in the Canadian series, a UK gift in GBP with Gift Aid, and what is
 * refused (a bucket in one currency at another country's center, a price from another currency,
 * Gift Aid outside the UK), each refusal storing nothing.
 */

import { calendarDay } from '@store/shared/calendar-day';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exchangeRates } from '#src/modules/exchange-rates/tables';
import { orders, RECEIPT_KIND } from '#src/modules/ledger/index';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  BOOK,
  checkoutBodyAt,
  countRows,
  openAmount,
  postCheckout,
  sandboxNonce,
} from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { describeWithDb } from '../../../test/test-db';

const TORONTO = { center: '7', currency: 'CAD' } as const;
const LONDON = { center: '8', currency: 'GBP' } as const;
const TORONTO_ADDRESS = { street: '12 Finch Ave', city: 'Toronto', state: 'ON', zip: 'M2N 1A1' };
const YEAR = new Date().getFullYear();

describeWithDb('gifts in each entity’s currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  const orderRow = async (id: string) => (await t.testDb.db.select().from(orders).where(eq(orders.id, id)))[0];
  /** The receipt as a real (non-test) order's reads: the sandbox's own receipts only say they are a test. */
  const receiptOf = async (orderId: string) => {
    await t.testDb.db.update(orders).set({ test: false }).where(eq(orders.id, orderId));
    const [mail] = await outboxMessages(t.testDb.db, t.site, orderId, RECEIPT_KIND);
    return { text: mail?.text ?? '', pdf: await pdfText(mail?.attachments?.[0]?.content ?? new Uint8Array()) };
  };

  it('takes CA$51 at Toronto into the Canadian charity’s account, with a CRA receipt in CAD numbered in its series', async () => {
    const body = checkoutBodyAt(await sandboxNonce(t.app), TORONTO, [openAmount(8, 51)], TORONTO_ADDRESS);
    const res = await postCheckout(t.app, { body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ amount: 51, currency: 'CAD', receiptNumber: `CA-${YEAR}-000001` });
    expect(await orderRow(res.json().orderId)).toMatchObject({ currency: 'CAD', entityKey: 'ca', amountCents: 5_100 });
    const receipt = await receiptOf(res.json().orderId);
    expect(receipt.pdf).toContain('Official receipt for income tax purposes');
    expect(receipt.pdf).toContain('CA$51.00');
    expect(receipt.pdf).toContain(`CA-${YEAR}-000001`);
    expect(receipt.text).not.toMatch(/(^|[^A])\$51\.00/);
  });

  it('prices the book in the bucket’s currency and refuses the dollar price in CAD', async () => {
    const book = { ...BOOK, quantity: 1, price: 7 };
    const res = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), TORONTO, [book], TORONTO_ADDRESS),
    });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(res.json().orderId))?.products[0]).toMatchObject({ unitCents: 700, benefit: 'purchase' });
    const dollarPrice = checkoutBodyAt(await sandboxNonce(t.app), TORONTO, [{ ...book, price: 5 }], TORONTO_ADDRESS);
    const before = await countRows(t.testDb.db);
    const refused = await postCheckout(t.app, { body: dollarPrice });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('amount_mismatch');
    expect(await countRows(t.testDb.db)).toEqual(before);
  });

  it('refuses a bucket in one currency at another country’s center, naming the center, and stores nothing', async () => {
    const dollarsAtToronto = checkoutBodyAt(await sandboxNonce(t.app), { center: '7', currency: 'USD' }, [
      openAmount(8, 51),
    ]);
    const poundsAtDallas = checkoutBodyAt(await sandboxNonce(t.app), { center: '2', currency: 'GBP' }, [
      openAmount(8, 25),
    ]);
    const euros = { ...checkoutBodyAt(await sandboxNonce(t.app), TORONTO, [openAmount(8, 5)]), currency: 'EUR' };
    const before = await countRows(t.testDb.db);
    for (const body of [dollarsAtToronto, poundsAtDallas]) {
      const res = await postCheckout(t.app, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields['customerDetails.center']).toMatch(/^This center takes gifts in (CAD|USD)\./);
    }
    const unknown = await postCheckout(t.app, { body: euros });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/currency/);
    expect(await countRows(t.testDb.db)).toEqual(before);
  });

  it('takes £25 at London with Gift Aid: the declaration kept as made, the receipt says so, numbered in the UK series', async () => {
    const body = checkoutBodyAt(await sandboxNonce(t.app), LONDON, [openAmount(7, 25)], {
      giftAid: true,
      giftAidHouse: '12',
      giftAidPostcode: 'sw1a1aa',
    });
    const res = await postCheckout(t.app, { body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'GBP', giftAid: true, receiptNumber: `UK-${YEAR}-000001` });
    const row = await orderRow(res.json().orderId);
    expect(row).toMatchObject({ currency: 'GBP', entityKey: 'uk' });
    expect(row?.giftAid).toMatchObject({ firstName: 'Asha', lastName: 'Rao', house: '12', postcode: 'SW1A 1AA' });
    expect(row?.giftAid?.wording).toBe(
      'I want to Gift Aid my donation of £25.00 to Sri Datta Vani Foundation UK. I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to pay any difference.',
    );
    const receipt = await receiptOf(res.json().orderId);
    expect(receipt.pdf).toContain('Gift Aid: you declared this gift for Gift Aid.');
    expect(receipt.pdf).toContain('£25.00');
    expect(receipt.pdf).toContain('Registered charity number 1234567');
  });

  it('says on a UK receipt that no Gift Aid was declared when the box was not ticked', async () => {
    const res = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), LONDON, [openAmount(8, 10)]),
    });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(res.json().orderId))?.giftAid).toBeNull();
    expect((await receiptOf(res.json().orderId)).pdf).toContain('no Gift Aid declaration was made');
  });

  it('refuses Gift Aid outside the UK, and a declaration without a house or a real postcode, naming each field', async () => {
    const dallasBody = checkoutBodyAt(
      await sandboxNonce(t.app),
      { center: '2', currency: 'USD' },
      [openAmount(8, 10)],
      {
        giftAid: true,
        giftAidHouse: '1',
        giftAidPostcode: 'SW1A 1AA',
      },
    );
    const incompleteBody = checkoutBodyAt(await sandboxNonce(t.app), LONDON, [openAmount(8, 10)], {
      giftAid: true,
      giftAidPostcode: '12345',
    });
    const before = await countRows(t.testDb.db);
    const atDallas = await postCheckout(t.app, { body: dallasBody });
    expect(atDallas.statusCode).toBe(400);
    expect(atDallas.json().error.fields).toEqual({
      'customerDetails.giftAid': 'Gift Aid is only for gifts to a UK center',
    });
    const incomplete = await postCheckout(t.app, { body: incompleteBody });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().error.fields).toEqual({
      'customerDetails.giftAidHouse': 'Enter your house name or number for Gift Aid',
      'customerDetails.giftAidPostcode': 'Enter a UK postcode, such as SW1A 1AA',
    });
    expect(await countRows(t.testDb.db)).toEqual(before);
  });

  it('counts each order in the home currency at its day’s stored rate, and leaves it for the treasurer without one', async () => {
    const day = calendarDay(new Date(), t.site.foundation.timeZone);
    const unrated = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), LONDON, [openAmount(8, 10)]),
    });
    expect(await orderRow(unrated.json().orderId)).toMatchObject({ homeRate: null, homeAmountCents: null });
    await t.testDb.db.insert(exchangeRates).values({ day, currency: 'GBP', rate: '1.2650000000', source: 'staff' });
    const rated = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), LONDON, [openAmount(8, 10)]),
    });
    const row = await orderRow(rated.json().orderId);
    expect(Number(row?.homeRate)).toBe(1.265);
    expect(row?.homeAmountCents).toBe(1_265);
    const dollars = await postCheckout(t.app, {
      body: checkoutBodyAt(await sandboxNonce(t.app), { center: '2', currency: 'USD' }, [openAmount(8, 10)]),
    });
    expect(await orderRow(dollars.json().orderId)).toMatchObject({ homeAmountCents: 1_000 });
  });
});
