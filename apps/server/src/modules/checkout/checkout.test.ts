/**
 * POST /api/public/payment/checkout with the sandbox gateway, through the whole app: the order and
 * the sandbox ledger must agree to the cent, the browser's prices are never trusted, and a repeated
 * Idempotency-Key never charges twice.
 */
import { randomUUID } from 'node:crypto';
import type { CartLine } from '@store/shared/cart';
import { checkoutResponseSchema } from '@store/shared/checkout';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { sandboxTransactions } from '#src/modules/payments/gateways/sandbox-tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import {
  BOOK,
  checkoutBody as bodyFor,
  concertTier,
  countRows,
  DECLINING_CARD,
  openAmount,
  postCheckout,
  sandboxNonce,
} from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { describeWithDb } from '../../../test/test-db';

/** Issue 20: each line keeps what the donor got for it (config/site.json's `benefit`). */
const gift = { benefit: 'none', fairMarketValueCents: 0 };
const purchase = {
  benefit: 'purchase',
  benefitDescription: 'The book Guruvara Dattam Vimalacharita Satakam',
  fairMarketValueCents: 500,
};

describeWithDb('POST /api/public/payment/checkout (sandbox)', () => {
  let t: TestApp;
  // Each test pays from its own address and e-mail so the card-testing limit never couples them.
  let ip: string;
  let email: string;
  let n = 0;
  const checkoutBody = (nonce: string, products?: CartLine[]) => bodyFor(nonce, products, email);
  let kicks = 0;
  beforeAll(async () => {
    t = await buildTestApp({
      mail: {
        kick: () => {
          kicks += 1;
        },
      },
    });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    n += 1;
    ip = `10.1.0.${n}`;
    email = `donor${n}@example.org`;
  });

  it('charges the server-computed total, records it, and queues the receipt', async () => {
    const body = checkoutBody(await sandboxNonce(t.app), [BOOK, openAmount(8, 25.5), concertTier(101, 10)]);
    const res = await postCheckout(t.app, { body, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(checkoutResponseSchema.parse(answer)).toEqual(answer);
    expect(answer).toEqual({
      success: true,
      transactionId: expect.any(String),
      orderId: expect.any(String),
      // What the receipt e-mail says, for the thank-you page: its number, the total, where it goes, the lines.
      receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
      amount: 45.5,
      // Issue 20: the books ($10) are a purchase; the $25.50 gift and the $10 supporter tier are gifts.
      deductible: 35.5,
      email,
      items: [
        { name: 'Guruvara Dattam Vimalacharita Satakam', quantity: 2, amount: 10 },
        { name: 'Any Other Donation', quantity: 1, amount: 25.5 },
        { name: 'Concert Supporter', quantity: 1, amount: 10 },
      ],
      // How it was paid, as the receipt names it.
      paymentMethod: 'Visa ending in 1111',
    });

    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({
      status: 'succeeded',
      amountCents: 4550, // 2 x $5.00 + $25.50 + $10.00
      transactionId: answer.transactionId,
      processorCode: '1000',
      processorText: 'Approved',
      centerId: 2,
      centerName: 'Dallas Center, Texas',
      firstName: 'Asha',
      email,
      delivery: { pickup: true },
      itemCount: 4,
      gateway: 'sandbox',
      clientIp: ip,
      reconciled: false,
      // What decided the answer; the receipt's details are read from the row itself.
      answer: { success: true, transactionId: answer.transactionId, orderId: answer.orderId },
    });
    expect(order?.products).toEqual([
      { id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', unitCents: 500, quantity: 2, custom: false, ...purchase },
      { id: 8, name: 'Any Other Donation', unitCents: 2550, quantity: 1, custom: true, ...gift },
      { id: 101, name: 'Concert Supporter', unitCents: 1000, quantity: 1, custom: false, ...gift },
    ]);
    const [sale] = await t.testDb.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.orderId, answer.orderId));
    expect(sale).toMatchObject({ id: answer.transactionId, amountCents: 4550, status: 'submitted_for_settlement' });
    const mails = await outboxMessages(t.testDb.db, t.site, answer.orderId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'receipt', toAddress: email });
    expect(mails[0]?.text).toContain(answer.transactionId);
    expect(mails[0]?.text).toContain('$45.50');
    // The receipt number on the page is the one the e-mail shows.
    expect(mails[0]?.text).toContain(`Receipt number: ${answer.receiptNumber}`);
    expect(mails[0]?.subject).toContain(answer.receiptNumber);
    // The mail worker was told, so the receipt leaves now rather than at its next poll.
    expect(kicks).toBe(1);
  });

  it('answers 402 for a declined card and records the order as failed, without a receipt', async () => {
    const body = checkoutBody(await sandboxNonce(t.app, { number: DECLINING_CARD }));
    const before = await countRows(t.testDb.db);
    const res = await postCheckout(t.app, { body, remoteAddress: ip });
    expect(res.statusCode).toBe(402);
    const answer = res.json();
    expect(answer).toEqual({
      success: false,
      message: 'Payment was declined by the card issuer.',
      orderId: expect.any(String),
    });
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, answer.orderId));
    expect(order).toMatchObject({
      status: 'failed',
      processorCode: '2000',
      processorText: 'Do Not Honor',
      failureMessage: 'Payment was declined by the card issuer.',
      transactionId: expect.any(String),
    });
    const after = await countRows(t.testDb.db);
    expect(after.mail).toBe(before.mail);
    expect(kicks).toBe(1);
    expect(after.declines).toBe(before.declines + 1);
  });

  it('declines a total of 2001.00 with processor code 2001, as Braintree’s sandbox does', async () => {
    const body = checkoutBody(await sandboxNonce(t.app), [openAmount(7, 2001)]);
    const res = await postCheckout(t.app, { body, remoteAddress: ip });
    expect(res.statusCode).toBe(402);
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ status: 'failed', amountCents: 200_100, processorCode: '2001' });
    expect(order?.processorText).toBe('Insufficient Funds');
  });

  it("accepts Braintree's fake nonces, so API clients can check out without a card form", async () => {
    const ok = await postCheckout(t.app, { body: checkoutBody('fake-valid-visa-nonce'), remoteAddress: ip });
    expect(ok.statusCode).toBe(200);
    const declined = await postCheckout(t.app, {
      body: checkoutBody('fake-processor-declined-visa-nonce'),
      remoteAddress: ip,
    });
    expect(declined.statusCode).toBe(402);
  });

  it('takes the bucket as SPEC.md describes it: lines without a key, with extra fields', async () => {
    const base = checkoutBody(await sandboxNonce(t.app), [BOOK, openAmount(8, 25.5)]);
    // What a client that follows SPEC.md §3 sends: id, name, price, quantity and any other fields.
    const products = base.products.map(({ key: _key, ...line }) => ({
      ...line,
      desc: 'x',
      note: 'for Anu',
    }));
    const key = randomUUID();
    const res = await postCheckout(t.app, { body: { ...base, products }, key, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order?.products).toEqual([
      { id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', unitCents: 500, quantity: 2, custom: false, ...purchase },
      { id: 8, name: 'Any Other Donation', unitCents: 2550, quantity: 1, custom: true, ...gift },
    ]);
    // Without a key the order is the same order: a retry with the keyed lines replays it.
    const again = await postCheckout(t.app, {
      body: { ...base, nonce: await sandboxNonce(t.app) },
      key,
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('stores a book order without address or pickup as pickup at the center', async () => {
    const base = checkoutBody(await sandboxNonce(t.app), [BOOK]);
    const { pickup: _pickup, ...details } = base.customerDetails;
    const res = await postCheckout(t.app, { body: { ...base, customerDetails: details }, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order?.delivery).toEqual({ pickup: true });
    const [mail] = await outboxMessages(t.testDb.db, t.site, res.json().orderId);
    expect(mail?.text).toContain('Pickup at Dallas Center, Texas');
  });

  it('accepts a mobile typed with punctuation, storing its ten digits', async () => {
    const base = checkoutBody(await sandboxNonce(t.app));
    const customerDetails = { ...base.customerDetails, mobile: '(555) 123-4567' };
    const res = await postCheckout(t.app, { body: { ...base, customerDetails }, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order?.mobile).toBe('5551234567');
  });

  it('refuses a nonce used twice, charging nothing the second time', async () => {
    const nonce = await sandboxNonce(t.app);
    expect((await postCheckout(t.app, { body: checkoutBody(nonce), remoteAddress: ip })).statusCode).toBe(200);
    const before = await countRows(t.testDb.db);
    const again = await postCheckout(t.app, { body: checkoutBody(nonce), remoteAddress: ip });
    expect(again.statusCode).toBe(402);
    expect(again.json().message).toMatch(/already used.*Please check your information and try again\./);
    expect((await countRows(t.testDb.db)).ledger).toBe(before.ledger);
  });

  describe('never trusts the browser’s prices', () => {
    it('refuses a book price changed in the body (amount matching the tampered price): 400, nothing stored', async () => {
      const body = checkoutBody(await sandboxNonce(t.app), [{ ...BOOK, price: 0.01 }]);
      const before = await countRows(t.testDb.db);
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'amount_mismatch',
          message: 'The amount does not match the items in your bucket. Please review your bucket and try again.',
          fields: { amount: expect.any(String) },
        },
      });
      const after = await countRows(t.testDb.db);
      expect(after).toEqual(before);
    });

    it('refuses an amount that does not match the bucket', async () => {
      const body = { ...checkoutBody(await sandboxNonce(t.app)), amount: 1 };
      const before = await countRows(t.testDb.db);
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('amount_mismatch');
      expect(await countRows(t.testDb.db)).toEqual(before);
    });

    it('refuses an unknown product id, naming products.N.id', async () => {
      const body = checkoutBody('fake-valid-nonce', [BOOK, { ...BOOK, key: '999', id: 999 }]);
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_error',
        fields: { 'products.1.id': expect.any(String) },
      });
    });

    it('refuses an open amount with more than two decimals', async () => {
      const body = checkoutBody('fake-valid-nonce', [openAmount(7, 10.005)]);
      const res = await postCheckout(t.app, { body: { ...body, amount: 10.01 }, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ 'products.0.price': 'Amount must be a positive number.' });
    });
  });

  describe('refuses bad requests with 400 naming the fields, storing nothing', () => {
    it.each([
      ['missing fields', {}, ['nonce', 'amount', 'customerDetails', 'products', 'center']],
      [
        'wrong types',
        { ...checkoutBody('fake-valid-nonce'), amount: '45.50', products: 'book' },
        ['amount', 'products'],
      ],
      [
        'bad customer details',
        {
          ...checkoutBody('fake-valid-nonce'),
          customerDetails: { center: '', cardFirstName: '', email: 'x', mobile: '12' },
        },
        [
          'customerDetails.center',
          'customerDetails.cardFirstName',
          'customerDetails.cardLastName',
          'customerDetails.email',
          'customerDetails.mobile',
        ],
      ],
      ['an empty bucket', { ...checkoutBody('fake-valid-nonce'), products: [] }, ['products']],
      [
        'a line that is really wrong',
        { ...checkoutBody('fake-valid-nonce'), products: [{ id: 9, name: 'Book', price: 5, quantity: 0 }] },
        ['products.0.quantity'],
      ],
      [
        'a mobile with other junk',
        {
          ...checkoutBody('fake-valid-nonce'),
          customerDetails: { ...checkoutBody('x').customerDetails, mobile: '555-123-456x' },
        },
        ['customerDetails.mobile'],
      ],
    ])('%s', async (_name, body, fields) => {
      const before = await countRows(t.testDb.db);
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(Object.keys(res.json().error.fields).sort()).toEqual([...fields].sort());
      expect(await countRows(t.testDb.db)).toEqual(before);
    });

    it('uses the form’s messages (SPEC.md §5)', async () => {
      const body = {
        ...checkoutBody('fake-valid-nonce'),
        customerDetails: { center: '', cardFirstName: '', cardLastName: 'R', email: 'x', mobile: '' },
      };
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.json().error.fields).toEqual({
        'customerDetails.center': 'Please select a center.',
        'customerDetails.cardFirstName': 'First name is required',
        'customerDetails.email': 'Invalid email format',
        'customerDetails.mobile': 'Mobile number is required',
      });
    });

    it('asks for the rest of a partly typed delivery address for the book', async () => {
      const base = checkoutBody('fake-valid-nonce', [BOOK]);
      const body = { ...base, customerDetails: { ...base.customerDetails, pickup: false, city: 'Austin' } };
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        'customerDetails.street': 'Street is required for delivery',
        'customerDetails.state': 'State is required for delivery',
        'customerDetails.zip': 'Zip is required for delivery',
      });
    });

    it('refuses a center that is not one of the site’s', async () => {
      const base = checkoutBody('fake-valid-nonce');
      const body = { ...base, center: '99', customerDetails: { ...base.customerDetails, center: '99' } };
      const res = await postCheckout(t.app, { body, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ 'customerDetails.center': 'Please select a center.' });
      const mismatched = await postCheckout(t.app, { body: { ...base, center: 3 }, remoteAddress: ip });
      expect(mismatched.json().error.fields).toEqual({ center: 'Please select a center.' });
    });

    it.each([
      ['missing', null],
      ['not a UUID', 'order-1'],
    ])('refuses an Idempotency-Key that is %s, naming the header', async (_name, key) => {
      const before = await countRows(t.testDb.db);
      const res = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), key, remoteAddress: ip });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation_error',
        fields: { 'idempotency-key': 'Idempotency-Key must be a UUID' },
      });
      expect(await countRows(t.testDb.db)).toEqual(before);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays a completed answer with the same status and transaction id, without charging again', async () => {
      const key = randomUUID();
      const body = checkoutBody(await sandboxNonce(t.app));
      const first = await postCheckout(t.app, { body, key, remoteAddress: ip });
      expect(first.statusCode).toBe(200);
      // A retry solves a fresh captcha and gets a fresh nonce from the widget: still the same order.
      const retry = { ...body, nonce: await sandboxNonce(t.app), recaptchaToken: 'another' };
      const before = await countRows(t.testDb.db);
      const again = await postCheckout(t.app, { body: retry, key, remoteAddress: ip });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await countRows(t.testDb.db)).toEqual(before);
    });

    it('replays the receipt number, amount, e-mail and items of the first answer', async () => {
      const key = randomUUID();
      const body = checkoutBody(await sandboxNonce(t.app), [BOOK, openAmount(7, 12.34)]);
      const first = await postCheckout(t.app, { body, key, remoteAddress: ip });
      expect(first.statusCode).toBe(200);
      const expected = {
        success: true,
        transactionId: expect.any(String),
        orderId: expect.any(String),
        receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
        amount: 22.34,
        deductible: 12.34,
        email,
        items: [
          { name: 'Guruvara Dattam Vimalacharita Satakam', quantity: 2, amount: 10 },
          { name: 'SGS Vagdevi Center', quantity: 1, amount: 12.34 },
        ],
        paymentMethod: 'Visa ending in 1111',
      };
      expect(first.json()).toEqual(expected);
      const again = await postCheckout(t.app, {
        body: { ...body, nonce: await sandboxNonce(t.app) },
        key,
        remoteAddress: ip,
      });
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      const [mail] = await outboxMessages(t.testDb.db, t.site, first.json().orderId);
      expect(mail?.text).toContain(`Receipt number: ${again.json().receiptNumber}`);
      expect(mail?.toAddress).toBe(again.json().email);
    });

    it('replays a decline as a decline', async () => {
      const key = randomUUID();
      const body = checkoutBody('fake-processor-declined-visa-nonce');
      const first = await postCheckout(t.app, { body, key, remoteAddress: ip });
      const again = await postCheckout(t.app, { body, key, remoteAddress: ip });
      expect([first.statusCode, again.statusCode]).toEqual([402, 402]);
      expect(again.json()).toEqual(first.json());
    });

    it('refuses the same key with another body: 422', async () => {
      const key = randomUUID();
      expect(
        (await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), key, remoteAddress: ip })).statusCode,
      ).toBe(200);
      const other = checkoutBody('fake-valid-nonce', [openAmount(7, 99)]);
      const res = await postCheckout(t.app, { body: other, key, remoteAddress: ip });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('idempotency_key_reused');
    });

    it('answers 50 simultaneous requests with one key with one charge and one order', async () => {
      const key = randomUUID();
      const body = checkoutBody(await sandboxNonce(t.app));
      const before = await countRows(t.testDb.db);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => postCheckout(t.app, { body, key, remoteAddress: ip })),
      );
      const after = await countRows(t.testDb.db);
      expect(after.orders - before.orders).toBe(1);
      expect(after.ledger - before.ledger).toBe(1);
      expect(after.mail - before.mail).toBe(1);
      const [order] = await t.testDb.db.select().from(orders).where(eq(orders.idempotencyKey, key));
      const successes = answers.filter((a) => a.statusCode === 200);
      expect(successes.length).toBeGreaterThanOrEqual(1);
      for (const answer of answers) {
        expect([200, 409]).toContain(answer.statusCode);
        if (answer.statusCode === 200) {
          expect(answer.json()).toMatchObject({
            success: true,
            transactionId: order?.transactionId,
            orderId: order?.id,
            amount: 35,
            email,
          });
        } else {
          expect(answer.json().error).toEqual({
            code: 'payment_in_progress',
            message: expect.stringMatching(/^Your payment is still being processed/),
          });
        }
      }
    });
  });
});
