/**
 * The language a gift is made in (decision 0042): the checkout keeps the request's (?lang=, the lang
 * cookie, Accept-Language, else English) on the order, and the receipt the mail worker writes later
 * is in it. A monthly gift keeps its checkout's, and each month's charge and receipt follow it. An
 * unknown language is English, never an error.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { users } from '#src/modules/auth/tables';
import { orders, receiptSettings } from '#src/modules/ledger/index';
import { runBilling } from '#src/modules/monthly-giving/run-billing';
import { monthlyGifts } from '#src/modules/monthly-giving/tables';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { registerAccount, SITE_ORIGIN, sessionToken } from '../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { chargesOf } from '../../../test/monthly-gift-fixtures';
import { monthlyLine } from '../../../test/monthly-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('the language of a gift and of its receipt', () => {
  let t: TestApp;
  let n = 0;
  let email: string;
  let ip: string;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    n += 1;
    email = `language${n}@example.org`;
    ip = `10.77.0.${n}`;
  });

  /** A guest's checkout of the default bucket, with these headers and this query. */
  async function checkout(headers: Record<string, string>, query = '') {
    const body = checkoutBody(await sandboxNonce(t.app), undefined, email);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/payment/checkout${query}`,
      headers: { 'idempotency-key': randomUUID(), ...headers },
      payload: body,
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId: string = res.json().orderId;
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error('no order');
    return order;
  }

  describe('what the order keeps', () => {
    it('is the browser’s language: Accept-Language te-IN is Telugu', async () => {
      expect((await checkout({ 'accept-language': 'te-IN,te;q=0.9,en;q=0.8' })).locale).toBe('te');
    });

    it('is the lang cookie’s, over the browser’s', async () => {
      expect((await checkout({ cookie: 'lang=hi', 'accept-language': 'te-IN' })).locale).toBe('hi');
    });

    it('is ?lang= first of all', async () => {
      expect((await checkout({ cookie: 'lang=te' }, '?lang=hi')).locale).toBe('hi');
    });

    it('is English for a language the site does not have, or none', async () => {
      expect((await checkout({ cookie: 'lang=xx', 'accept-language': 'fr-FR' }, '?lang=fr')).locale).toBe('en');
      expect((await checkout({})).locale).toBe('en');
    });
  });

  it('a monthly gift keeps its checkout’s language, and each month’s charge follows it', async () => {
    const account = await registerAccount(
      t.app,
      { email, name: 'Asha Rao' },
      { headers: { 'accept-language': 'hi-IN' }, remoteAddress: ip },
    );
    expect(account.statusCode, account.body).toBe(201);
    const [user] = await t.testDb.db.select().from(users).where(eq(users.email, email));
    // The account is opened in the sign-up's language.
    expect(user?.locale).toBe('hi');

    const nonce = await sandboxNonce(t.app);
    const res = await postCheckout(t.app, {
      body: checkoutBody(nonce, [monthlyLine(8, 51)], email),
      headers: { origin: SITE_ORIGIN, cookie: `store_session=${sessionToken(account)}; lang=hi` },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [gift] = await t.testDb.db.select().from(monthlyGifts).where(eq(monthlyGifts.email, email));
    if (!gift) throw new Error('no gift');
    expect(gift.locale).toBe('hi');

    const billed = await runBilling({
      db: t.testDb.db,
      gateway: createSandboxGateway({ db: t.testDb.db, secret: TEST_SESSION_SECRET }),
      logger: createLogger('silent'),
      receipts: receiptSettings(t.site),
      asOf: gift.nextChargeOn,
      dryRun: false,
    });
    expect(billed).toMatchObject({ charged: 1 });
    const [charge] = await chargesOf(t.testDb.db, gift.id);
    if (!charge) throw new Error('no charge');
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, charge.id));
    expect(order?.locale).toBe('hi');
  });
});
