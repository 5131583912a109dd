/**
 * The language a gift is made in (decision 0042): the checkout keeps the request's (?lang=, the lang
 * cookie, Accept-Language, else English) on the order, and the receipt the mail worker writes later
 * is in it. A monthly gift keeps its checkout's, and each month's charge and receipt follow it. An
 * unknown language is English, never an error.
 */
import { randomUUID } from 'node:crypto';
import type { Site } from '@store/shared/site';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { users } from '#src/modules/auth/tables';
import { orders, RECEIPT_KIND, receiptSettings } from '#src/modules/ledger/index';
import { runBilling } from '#src/modules/monthly-giving/run-billing';
import { monthlyGifts } from '#src/modules/monthly-giving/tables';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { registerAccount, SITE_ORIGIN, sessionToken } from '../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { chargesOf } from '../../../test/monthly-gift-fixtures';
import { monthlyLine } from '../../../test/monthly-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { giftLine, paidOrderRow } from '../../../test/tax-lines';
import { describeWithDb } from '../../../test/test-db';
import { renderReceipt } from './receipt';

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

  const receiptOf = async (orderId: string) => {
    const [mail] = await outboxMessages(t.testDb.db, t.site, orderId, RECEIPT_KIND);
    if (!mail) throw new Error('no receipt');
    return mail;
  };

  describe('the receipt e-mail the mail worker writes from the order', () => {
    it('is in Telugu for a Telugu browser, the legal sentence in English with its Telugu after it', async () => {
      const order = await checkout({ 'accept-language': 'te-IN' });
      const mail = await receiptOf(order.id);
      expect(mail.subject).toContain('నుండి మీ రసీదు');
      for (const body of [mail.text ?? '', mail.html ?? '']) {
        expect(body).toContain('ప్రియమైన Asha Rao,');
        expect(body).toContain('రసీదు సంఖ్య');
        // What the tax authority reads stays in English, the translation right after it.
        const legal =
          'TEST – no payment was taken. This is not a receipt for a donation and nothing on it is tax-deductible.';
        const telugu = 'ఇది విరాళం రసీదు కాదు';
        expect(body).toContain(legal);
        expect(body.indexOf(telugu)).toBeGreaterThan(body.indexOf(legal));
      }
      expect(mail.html).toContain('<html lang="te">');
      // The PDF is written in the order's language too.
      expect(mail.attachments?.[0]?.contentType).toBe('application/pdf');
    });

    it('is in Hindi from the lang cookie', async () => {
      const order = await checkout({ cookie: 'lang=hi' });
      const mail = await receiptOf(order.id);
      expect(mail.subject).toContain('से आपकी रसीद');
      expect(mail.text).toContain('प्रिय Asha Rao,');
      expect(mail.text).toContain('यह ऑर्डर स्टोर के परीक्षण मोड में लिया गया');
    });

    it('is the English receipt it always was for an unknown language', async () => {
      const order = await checkout({ 'accept-language': 'fr' }, '?lang=xx');
      const mail = await receiptOf(order.id);
      expect(mail.subject).toMatch(/^TEST – no payment was taken: Your receipt \d{4}-\d{6} from /);
      expect(mail.text).toContain('Dear Asha Rao,');
      expect(mail.html).toContain('<html lang="en">');
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

describe('a paid receipt in Telugu and Hindi (the words a tax authority reads)', () => {
  const site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'> = {
    foundation: { name: 'Sri Datta Vani Foundation', url: 'https://www.dattavani.example.org/', timeZone: 'UTC' },
    centers: [
      { id: 1, name: 'Bay Area Center, California', address: '1201 Mission Blvd, Fremont, CA 94539', country: 'US' },
    ],
    taxReceipts: {
      numberPrefix: '',
      us: {
        legalName: 'Sri Datta Vani Foundation, Inc.',
        address: '4455 Legacy Dr, Frisco, TX 75034',
        ein: '12-3456789',
      },
    },
  };
  const quidProQuo =
    'In exchange for this payment you received goods or services (Two reserved seats at the concert) with an estimated fair market value of $100.00. The amount deductible for federal income tax purposes is limited to the amount paid minus that value: $400.00.';

  it('keeps IRS Publication 1771’s sentence in English, its Telugu right after it, and words the rest in Telugu', () => {
    const { subject, text, html } = renderReceipt({ order: paidOrderRow({ locale: 'te' }), site });
    expect(subject).toBe('Sri Datta Vani Foundation నుండి మీ రసీదు 2026-000123');
    expect(text).toContain('ప్రియమైన Asha Rao,');
    expect(text).toContain('Sri Datta Vani Foundationకు మీరు ఇచ్చిన విరాళానికి ధన్యవాదాలు.');
    for (const body of [text, html]) {
      expect(body).toContain(quidProQuo);
      expect(body.indexOf('ఈ చెల్లింపుకు బదులుగా')).toBeGreaterThan(body.indexOf(quidProQuo));
    }
    // The amount for tax keeps its English name, its Telugu beside it.
    expect(text).toMatch(/^Tax-deductible amount \/ .+: \$400\.00$/m);
  });

  it('does the same in Hindi, amounts in India’s grouping', () => {
    const order = paidOrderRow({
      locale: 'hi',
      products: [giftLine(12_345_600)],
      amountCents: 12_345_600,
      deductibleCents: 12_345_600,
    });
    const { subject, text } = renderReceipt({ order, site });
    expect(subject).toBe('Sri Datta Vani Foundation से आपकी रसीद 2026-000123');
    expect(text).toContain('No goods or services were provided in exchange for this contribution.');
    expect(text).toContain('$1,23,456.00');
    expect(text).toContain('प्रिय Asha Rao,');
  });

  it('is byte for byte the English receipt for an English order', () => {
    const english = renderReceipt({ order: paidOrderRow(), site });
    expect(renderReceipt({ order: paidOrderRow({ locale: 'en' }), site })).toEqual(english);
    expect(english.subject).toBe('Your receipt 2026-000123 from Sri Datta Vani Foundation');
  });
});
