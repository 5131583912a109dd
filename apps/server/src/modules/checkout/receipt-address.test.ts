/**
 * The Toronto (CRA) center and a SPEC-shaped checkout, through the API on both databases, with the
 * receipts sent by the real mail worker over SMTP (a local SMTP server): a body with the address,
 * without it or with part of it is taken; without a complete address the receipt says it is not an
 * official receipt and takes no number of the series; the address added from the e-mail's link or
 * from /dashboard issues one official numbered receipt, mailed once, however many times it is sent.
 * PDFs are read back with a real PDF text extractor.
 */
import type { CheckoutRequest } from '@store/shared/checkout';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { linkKey, linkToken } from '#src/modules/auth/account-link-token';
import { SESSION_COOKIE } from '#src/modules/auth/session-cookie';
import { OFFICIAL_RECEIPT_KIND, orders, RECEIPT_KIND } from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import type { MailWorker } from '#src/modules/mail/worker';
import { registerAccount, SITE_ORIGIN, sessionToken } from '../../../test/auth-helpers';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { seedOrders } from '../../../test/seed-orders';
import { decodedMail, messagesTo, startSmtpMailWorker } from '../../../test/smtp-mail-path';
import { describeWithDb } from '../../../test/test-db';
import { receiptPdf } from './receipt-pdf';

const YEAR = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(new Date());
// The Canadian charity's own series (site.json entities: receiptPrefix 'CA-').
const SERIES_NUMBER = new RegExp(`^CA-${YEAR}-\\d{6}$`);
const NOT_OFFICIAL = 'This is not an official receipt for income tax purposes.';
const TORONTO = '7';
const ADDRESS = { street: '12 Finch Ave', city: 'Toronto', province: 'Ontario', postalCode: 'm2n1a1' };

describeWithDb('the CRA receipt after the address', () => {
  let t: TestApp;
  let smtp: FakeSmtpServer;
  let worker: MailWorker | undefined;
  const logLines: string[] = [];

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    const logger = createLogger('debug', { write: (line: string) => void logLines.push(line) });
    t = await buildTestApp({ logger, mail: { kick: () => worker?.kick() } });
    worker = startSmtpMailWorker({
      db: t.testDb.db,
      site: t.site,
      smtp,
      logger,
      sessionSecret: TEST_SESSION_SECRET,
      storeUrl: 'https://store.example.org',
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await smtp?.close();
  });

  const received = async (to: string, count: number) =>
    (await messagesTo(smtp, to, count)).map((m) => decodedMail(m.data));
  const tokenOf = (mail: string) => {
    const link = /https?:\/\/\S+\?token=[\w.%-]+/.exec(mail)?.[0];
    if (!link) throw new Error('no link in the message');
    const url = new URL(link);
    expect(url.origin + url.pathname).toBe('https://store.example.org/receipt-address');
    return url.searchParams.get('token') ?? '';
  };

  /** A SPEC.md §3 body at Toronto: `street`, `city`, `state`, `zip` as given, no donor fields. */
  async function payAtToronto(email: string, address: Partial<CheckoutRequest['customerDetails']>, cookie?: string) {
    const body = checkoutBody(await sandboxNonce(t.app), [openAmount(8, 100)], email);
    const { pickup: _pickup, ...details } = body.customerDetails;
    body.customerDetails = { ...details, center: TORONTO, ...address };
    body.center = TORONTO;
    // Toronto's gifts are the Canadian charity's, in Canadian dollars.
    body.currency = 'CAD';
    const headers: Record<string, string> = cookie
      ? { cookie: `${SESSION_COOKIE}=${cookie}`, origin: SITE_ORIGIN }
      : {};
    return postCheckout(t.app, { body, headers });
  }
  const orderRow = async (id: string) => (await t.testDb.db.select().from(orders).where(eq(orders.id, id)))[0];
  const addByLink = (payload: object) => t.app.inject({ method: 'POST', url: '/api/public/receipt-address', payload });
  const officialMails = async (orderId: string) =>
    t.testDb.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subjectId} = ${orderId} and ${mailOutbox.kind} = ${OFFICIAL_RECEIPT_KIND}`);

  describe('the checkout at Toronto', () => {
    it('takes a SPEC body with the address, and numbers its official receipt with it', async () => {
      const res = await payAtToronto('full@example.org', {
        street: '12 Finch Ave',
        city: 'Toronto',
        state: 'ON',
        zip: 'M2N 1A1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().receiptNumber).toMatch(SERIES_NUMBER);
      expect(res.json()).not.toHaveProperty('receiptAwaitsAddress');
      const row = await orderRow(res.json().orderId);
      expect(row).toMatchObject({
        donorAddress: { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
        receiptAwaitsAddress: false,
      });
      const [mail] = await outboxMessages(t.testDb.db, t.site, res.json().orderId, RECEIPT_KIND);
      const pdf = await pdfText(mail?.attachments?.[0]?.content ?? new Uint8Array());
      expect(pdf).toContain('12 Finch Ave, Toronto, ON M2N 1A1');
      expect(pdf).not.toContain(NOT_OFFICIAL);
    });

    it('takes one without an address or with part of one: no number of the series, and the series stays whole', async () => {
      const none = await payAtToronto('none@example.org', {});
      const partial = await payAtToronto('partial@example.org', { street: '12 Finch Ave', city: 'Toronto' });
      const badZip = await payAtToronto('badzip@example.org', {
        street: '12 Finch Ave',
        city: 'Toronto',
        state: 'ON',
        zip: '12345',
      });
      for (const res of [none, partial, badZip]) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, receiptAwaitsAddress: true });
        // The order's reference, not a number of the official series.
        expect(res.json().receiptNumber).toMatch(/^R-\d{8}-[0-9A-F]{6}$/);
        const row = await orderRow(res.json().orderId);
        expect(row).toMatchObject({
          receiptAwaitsAddress: true,
          receiptNumber: null,
          receiptSeq: null,
          receiptYear: null,
        });
      }
      // A US center is unchanged: no address asked, its receipt numbered in the US series, and each
      // series without a hole.
      const us = checkoutBody(await sandboxNonce(t.app), [openAmount(8, 20)], 'dallas@example.org');
      const dallas = await postCheckout(t.app, { body: us });
      expect(dallas.statusCode).toBe(200);
      expect(dallas.json().receiptNumber).toMatch(new RegExp(`^${YEAR}-\\d{6}$`));
      expect(dallas.json()).not.toHaveProperty('receiptAwaitsAddress');
      for (const entity of ['us', 'ca']) {
        const seqs = await t.testDb.db
          .select({ seq: orders.receiptSeq })
          .from(orders)
          .where(sql`${orders.receiptSeq} is not null and ${orders.entityKey} = ${entity}`)
          .orderBy(orders.receiptSeq);
        expect(seqs.map((r) => r.seq)).toEqual(seqs.map((_, i) => i + 1));
      }
    });
  });

  describe('the e-mailed link', () => {
    it('mails a receipt that is not official with the link; the link issues ONE official numbered receipt, mailed once', async () => {
      const email = 'link.donor@example.org';
      const paid = await payAtToronto(email, {});
      const orderId: string = paid.json().orderId;
      const [first] = await received(email, 1);
      expect(first).toContain(NOT_OFFICIAL);
      const token = tokenOf(String(first));
      const [queued] = await outboxMessages(t.testDb.db, t.site, orderId, RECEIPT_KIND);
      const firstPdf = await pdfText(queued?.attachments?.[0]?.content ?? new Uint8Array());
      expect(firstPdf).toContain(NOT_OFFICIAL);
      expect(firstPdf).toContain('add your address from the link in your receipt e-mail');
      expect(firstPdf).not.toMatch(/Serial number/);

      const gift = await t.app.inject({ url: `/api/public/receipt-address?token=${encodeURIComponent(token)}` });
      expect(gift.statusCode).toBe(200);
      expect(gift.json()).toMatchObject({
        donorName: 'Asha Rao',
        center: 'Toronto Center, Canada',
        amount: 100,
        receiptNumber: null,
      });

      // A double submit: one issues the receipt, the other is told it was already issued.
      const answers = await Promise.all([addByLink({ token, ...ADDRESS }), addByLink({ token, ...ADDRESS })]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const issued = answers.find((a) => a.statusCode === 200)?.json();
      expect(issued.receiptNumber).toMatch(SERIES_NUMBER);
      expect(answers.find((a) => a.statusCode === 409)?.json().error.message).toContain('already issued');

      const row = await orderRow(orderId);
      expect(row).toMatchObject({
        receiptAwaitsAddress: false,
        receiptNumber: issued.receiptNumber,
        receiptYear: Number(YEAR),
        donorAddress: { street: '12 Finch Ave', city: 'Toronto', province: 'ON', postalCode: 'M2N 1A1' },
      });
      expect(row?.receiptIssuedAt).toBeInstanceOf(Date);

      // Mailed once, over SMTP, and the PDF is the official receipt dated the gift's day and the issue's.
      const [, second] = await received(email, 2);
      expect(second).toContain(issued.receiptNumber);
      expect(second).not.toContain(NOT_OFFICIAL);
      expect(await officialMails(orderId)).toHaveLength(1);
      const [official] = await outboxMessages(t.testDb.db, t.site, orderId, OFFICIAL_RECEIPT_KIND);
      const pdf = await pdfText(official?.attachments?.[0]?.content ?? new Uint8Array());
      expect(pdf).toContain(issued.receiptNumber);
      expect(pdf).toContain('Serial number');
      expect(pdf).toContain('Date the gift was received');
      expect(pdf).toContain('Date of issue');
      expect(pdf).toContain('12 Finch Ave, Toronto, ON M2N 1A1');
      expect(pdf).not.toContain(NOT_OFFICIAL);

      // A later submit changes nothing.
      const again = await addByLink({ token, ...ADDRESS, street: '99 Other St' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toContain(issued.receiptNumber);
      expect((await orderRow(orderId))?.donorAddress?.street).toBe('12 Finch Ave');
      expect(await officialMails(orderId)).toHaveLength(1);
      const after = await t.app.inject({ url: `/api/public/receipt-address?token=${encodeURIComponent(token)}` });
      expect(after.json().receiptNumber).toBe(issued.receiptNumber);

      // The app's log never holds the link's token.
      expect(logLines.join('')).not.toContain(token.split('.')[1]);
    });

    it('refuses a bad address naming the field, and changes nothing', async () => {
      const paid = await payAtToronto('bad.address@example.org', {});
      const orderId: string = paid.json().orderId;
      const token = linkToken(linkKey(TEST_SESSION_SECRET), 'receipt-address', orderId);
      const cases: [object, string][] = [
        [{ ...ADDRESS, postalCode: '12345' }, 'postalCode'],
        [{ ...ADDRESS, province: 'Texas' }, 'province'],
        [{ ...ADDRESS, street: '  ' }, 'street'],
        [{ street: ADDRESS.street, province: 'ON', postalCode: 'M2N 1A1' }, 'city'],
      ];
      for (const [address, field] of cases) {
        const res = await addByLink({ token, ...address });
        expect(res.statusCode).toBe(400);
        expect(Object.keys(res.json().error.fields ?? {})).toContain(field);
      }
      expect(await orderRow(orderId)).toMatchObject({
        receiptAwaitsAddress: true,
        receiptNumber: null,
        donorAddress: null,
      });
      expect(await officialMails(orderId)).toHaveLength(0);
    });

    it('refuses a tampered token, one of another purpose, and an expired link, with the same 400 naming token', async () => {
      const paid = await payAtToronto('tamper@example.org', {});
      const orderId: string = paid.json().orderId;
      const key = linkKey(TEST_SESSION_SECRET);
      const good = linkToken(key, 'receipt-address', orderId);
      // A character inside the signature: the last one of base64url carries unused bits, so changing
      // it may decode to the very same signature (a test that failed one run in about sixteen).
      const at = good.length - 5;
      const flipped = `${good.slice(0, at)}${good[at] === 'A' ? 'B' : 'A'}${good.slice(at + 1)}`;
      const otherPurpose = linkToken(key, 'verify-email', orderId);
      const otherOrder = linkToken(key, 'receipt-address', '00000000-0000-4000-8000-000000000000');
      for (const token of [flipped, otherPurpose, otherOrder, 'not-a-token']) {
        const res = await addByLink({ token, ...ADDRESS });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'invalid_token', fields: { token: expect.any(String) } });
      }
      // Past its days, the link is refused too (the dashboard still serves a signed-in donor).
      await t.testDb.db
        .update(orders)
        .set({ createdAt: sql`now() - interval '91 days'` })
        .where(eq(orders.id, orderId));
      const expired = await addByLink({ token: good, ...ADDRESS });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.code).toBe('invalid_token');
      expect(await orderRow(orderId)).toMatchObject({ receiptAwaitsAddress: true, receiptNumber: null });
      expect(await officialMails(orderId)).toHaveLength(0);
    });
  });

  describe('/dashboard', () => {
    it("issues a signed-in donor's official receipt once, and refuses another's gift or a guest", async () => {
      const email = 'dash.donor@example.org';
      const cookie = sessionToken(await registerAccount(t.app, { email }));
      const paid = await payAtToronto(email, {}, cookie);
      const orderId: string = paid.json().orderId;
      const asDonor = { cookies: { [SESSION_COOKIE]: cookie }, headers: { origin: SITE_ORIGIN } };
      // The donor reads the receipt that is not official before adding the address (a message is
      // rendered when it is sent: one still queued when the address comes would carry the number too).
      expect(await received(email, 2)).toHaveLength(2);

      const activity = await t.app.inject({ url: '/auth/activity', ...asDonor });
      expect(activity.json().donations).toEqual([
        expect.objectContaining({ orderId, awaitingAddress: true, receiptNumber: paid.json().receiptNumber }),
      ]);

      const other = sessionToken(await registerAccount(t.app, { email: 'someone.else@example.org' }));
      const url = `/api/account/receipts/${orderId}/address`;
      const theirs = await t.app.inject({
        method: 'POST',
        url,
        payload: ADDRESS,
        cookies: { [SESSION_COOKIE]: other },
        headers: { origin: SITE_ORIGIN },
      });
      expect(theirs.statusCode).toBe(404);
      const guest = await t.app.inject({ method: 'POST', url, payload: ADDRESS, headers: { origin: SITE_ORIGIN } });
      expect(guest.statusCode).toBe(401);
      const bad = await t.app.inject({ method: 'POST', url, payload: { ...ADDRESS, postalCode: 'ABC' }, ...asDonor });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('postalCode');

      const issued = await t.app.inject({ method: 'POST', url, payload: ADDRESS, ...asDonor });
      expect(issued.statusCode).toBe(200);
      expect(issued.json().receiptNumber).toMatch(SERIES_NUMBER);
      const again = await t.app.inject({ method: 'POST', url, payload: ADDRESS, ...asDonor });
      expect(again.statusCode).toBe(409);
      expect(await officialMails(orderId)).toHaveLength(1);
      // The account's verification link, the first receipt, then the official one.
      const mails = await received(email, 3);
      expect(mails.filter((m) => m.includes(issued.json().receiptNumber))).toHaveLength(1);

      const now = await t.app.inject({ url: '/auth/activity', ...asDonor });
      expect(now.json().donations[0]).toMatchObject({
        awaitingAddress: false,
        receiptNumber: issued.json().receiptNumber,
      });
    });
  });

  describe('a real (non-test) gift', () => {
    it('is not an official receipt until the address comes, then the official CRA receipt with its signature block', async () => {
      const [order] = await seedOrders(t.testDb.db, [
        {
          email: 'real.donor@example.org',
          test: false,
          gateway: 'braintree',
          centerId: 7,
          centerName: 'Toronto Center, Canada',
          receiptAwaitsAddress: true,
          deductibleCents: 10_000,
          amountCents: 10_000,
        },
      ]);
      const orderId = order?.id ?? '';
      const pdfNow = async () =>
        pdfText((await receiptPdf(t.testDb.db, { site: t.site, signature: null, orderId }))?.pdf ?? new Uint8Array());
      const before = await pdfNow();
      expect(before).toContain(NOT_OFFICIAL);
      expect(before).toContain('Eligible amount of the gift');
      expect(before).not.toContain('Official receipt for income tax purposes');

      const token = linkToken(linkKey(TEST_SESSION_SECRET), 'receipt-address', orderId);
      const issued = await addByLink({ token, ...ADDRESS });
      expect(issued.statusCode).toBe(200);
      const after = await pdfNow();
      expect(after).toContain('Official receipt for income tax purposes');
      expect(after).toContain(issued.json().receiptNumber);
      expect(after).toContain('Date of issue');
      expect(after).not.toContain(NOT_OFFICIAL);
    });
  });

  // Last: it uses up this client address's allowance for bad links.
  it('answers 429 with Retry-After after 20 bad links from one client address', async () => {
    const remoteAddress = '203.0.113.9';
    const bad = () =>
      t.app.inject({ url: '/api/public/receipt-address?token=00000000-0000-4000-8000-000000000000.x', remoteAddress });
    for (let i = 0; i < 20; i += 1) expect((await bad()).statusCode).toBe(400);
    const refused = await bad();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
