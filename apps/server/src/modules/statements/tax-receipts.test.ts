/**
 * Issue 20 through the API, on both databases: a checkout's receipt number and deductible amount
 * (gift, book, concert tier), the donor address a Canadian receipt needs, the receipt e-mail with
 * its PDF, corrected and void receipts, the year-end statement run (idempotent, dry run, counted in
 * the report), and the PDFs a donor and an administrator download. PDFs are read back with a real
 * PDF text extractor.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueReceiptCorrection,
  orders,
  RECEIPT_CORRECTION_KIND,
  RECEIPT_KIND,
  receiptSettings,
  settleOrder,
} from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import { registerAccount, sessionToken } from '../../../test/auth-helpers';
import {
  BOOK,
  checkoutBody,
  concertTier,
  DECLINING_CARD,
  openAmount,
  postCheckout,
  sandboxNonce,
} from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { buildReportTestApp, getReport, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { seedOrders } from '../../../test/seed-orders';
import { signInStaff, staffCall } from '../../../test/staff-helpers';
import { giftLine, PATRON_LINE } from '../../../test/tax-lines';
import { describeWithDb } from '../../../test/test-db';
import { sendYearEndStatements } from './send-statements';
import { STATEMENT_KIND } from './statement-kind';
import { statementPdf } from './statement-pdf';

const YEAR = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(new Date());
const number = (seq: number) => `${YEAR}-${String(seq).padStart(6, '0')}`;

describeWithDb('tax receipts and year-end statements', () => {
  let t: ReportTestApp;
  beforeAll(async () => {
    t = await buildReportTestApp();
  });
  afterAll(() => t?.close());

  const pay = async (products = [concertTier(102, 500), BOOK, openAmount(8, 51)], details = {}, card = {}) => {
    const body = checkoutBody(await sandboxNonce(t.app, card), products, 'asha@example.org');
    body.customerDetails = { ...body.customerDetails, ...details };
    return postCheckout(t.app, { body });
  };
  const orderRow = async (id: string) => (await t.testDb.db.select().from(orders).where(eq(orders.id, id)))[0];

  describe('the checkout', () => {
    it('numbers paid orders in sequence, keeps what each line gave back, and answers the deductible amount', async () => {
      const first = await pay();
      expect(first.statusCode).toBe(200);
      // $500 tier with two seats valued $100, two books bought ($10), a $51 gift: $451 is a gift.
      expect(first.json()).toMatchObject({ receiptNumber: number(1), amount: 561, deductible: 451 });
      const row = await orderRow(first.json().orderId);
      expect(row).toMatchObject({
        receiptNumber: number(1),
        receiptSeq: 1,
        deductibleCents: 45_100,
        paymentMethod: 'Visa ending in 1111',
      });
      expect(row?.products.map((p) => [p.id, p.benefit, p.fairMarketValueCents])).toEqual([
        [102, 'services', 10_000],
        [9, 'purchase', 500],
        [8, 'none', 0],
      ]);

      const declined = await pay(undefined, {}, { number: DECLINING_CARD });
      expect(declined.statusCode).toBe(402);
      expect((await orderRow(declined.json().orderId))?.receiptNumber).toBeNull();

      const second = await pay([openAmount(7, 25)]);
      expect(second.json()).toMatchObject({ receiptNumber: number(2), amount: 25, deductible: 25 });
    });

    it("keeps a Canadian center's donor address for the CRA receipt (without one, see checkout/receipt-address.test.ts)", async () => {
      const body = checkoutBody(await sandboxNonce(t.app), [openAmount(8, 100)], 'ravi@example.org');
      body.customerDetails.center = '7';
      body.center = '7';
      body.currency = 'CAD';
      Object.assign(body.customerDetails, {
        donorStreet: '12 Finch Ave',
        donorCity: 'Toronto',
        donorProvince: 'ON',
        donorPostalCode: 'M2N 1A1',
      });
      const paid = await postCheckout(t.app, { body });
      expect(paid.statusCode).toBe(200);
      expect((await orderRow(paid.json().orderId))?.donorAddress).toEqual({
        street: '12 Finch Ave',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M2N 1A1',
      });
      const [mail] = await outboxMessages(t.testDb.db, t.site, paid.json().orderId, RECEIPT_KIND);
      // A sandbox order is a test order: its receipt says so and claims nothing.
      expect(mail?.text).toContain('TEST – no payment was taken');
      const pdf = await pdfText(mail?.attachments?.[0]?.content ?? new Uint8Array());
      expect(pdf).toContain(paid.json().receiptNumber);
    });
  });

  describe('a real (non-test) order', () => {
    let orderId: string;
    beforeAll(async () => {
      const [order] = await seedOrders(t.testDb.db, [
        {
          email: 'meera@example.org',
          firstName: 'Meera',
          lastName: 'Iyer',
          test: false,
          gateway: 'braintree',
          centerId: 1,
          receiptNumber: `${YEAR}-900001`,
          receiptYear: Number(YEAR),
          receiptSeq: 900_001,
          deductibleCents: 40_000,
          paymentMethod: 'Visa ending in 4242',
          products: [PATRON_LINE],
        },
      ]);
      orderId = order?.id ?? '';
    });

    it('lets an administrator download its receipt as a PDF with the IRS wording', async () => {
      const res = await t.app.inject({
        url: `/api/report/receipts/${orderId}.pdf`,
        headers: { authorization: t.authorization },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="receipt-${YEAR}-900001.pdf"`);
      const text = await pdfText(res.rawPayload);
      for (const expected of [
        `${YEAR}-900001`,
        'EIN 12-3456789',
        'Two reserved seats at the concert',
        '$400.00',
        'Visa ending in 4242',
      ]) {
        expect(text).toContain(expected);
      }
      expect((await t.app.inject({ url: `/api/report/receipts/${orderId}.pdf` })).statusCode).toBe(401);
      const unknown = await t.app.inject({
        url: `/api/report/receipts/${randomUUID()}.pdf`,
        headers: { authorization: t.authorization },
      });
      expect(unknown.statusCode).toBe(404);
      const bad = await t.app.inject({
        url: '/api/report/receipts/nope.pdf',
        headers: { authorization: t.authorization },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('issues a corrected receipt with a suffix, once per key, then a void one, then refuses more', async () => {
      const input = { orderId, timeZone: 'America/Chicago', reason: 'Refund of $100.00', refundedCents: 10_000 };
      const key = randomUUID();
      const corrected = await issueReceiptCorrection(t.testDb.db, { ...input, idempotencyKey: key });
      expect(corrected).toMatchObject({
        kind: 'corrected',
        receiptNumber: `${YEAR}-900001-C1`,
        amountCents: 40_000,
        deductibleCents: 30_000,
      });
      expect((await issueReceiptCorrection(t.testDb.db, { ...input, idempotencyKey: key })).id).toBe(corrected.id);
      const [mail] = await outboxMessages(t.testDb.db, t.site, corrected.id, RECEIPT_CORRECTION_KIND);
      expect(mail?.text).toContain(`This receipt cancels and replaces receipt ${YEAR}-900001`);
      // The current receipt is the corrected one.
      const current = await t.app.inject({
        url: `/api/report/receipts/${orderId}.pdf`,
        headers: { authorization: t.authorization },
      });
      expect(await pdfText(current.rawPayload)).toContain(`${YEAR}-900001-C1`);

      const voided = await issueReceiptCorrection(t.testDb.db, {
        ...input,
        refundedCents: 50_000,
        reason: 'Refunded in full',
        idempotencyKey: randomUUID(),
      });
      expect(voided).toMatchObject({
        kind: 'void',
        receiptNumber: `${YEAR}-900001-V2`,
        amountCents: 0,
        deductibleCents: 0,
      });
      await expect(issueReceiptCorrection(t.testDb.db, { ...input, idempotencyKey: randomUUID() })).rejects.toThrow(
        /already void/,
      );
      await expect(
        issueReceiptCorrection(t.testDb.db, { ...input, orderId: randomUUID(), idempotencyKey: randomUUID() }),
      ).rejects.toThrow(/no paid order/);
    });
  });

  describe('year-end statements', () => {
    it('queues one statement per donor per year, however often it runs; a dry run changes nothing; the report counts them', async () => {
      const year = 2025;
      const at = (iso: string) => new Date(iso);
      const gift = (email: string, createdAt: Date, cents: number, test = false) => ({
        email,
        createdAt,
        test,
        gateway: 'braintree' as const,
        deductibleCents: cents,
        products: [giftLine(cents)],
      });
      await seedOrders(t.testDb.db, [
        gift('lakshmi@example.org', at('2025-03-01T15:00:00Z'), 10_100),
        gift('Lakshmi@Example.org', at('2025-12-31T23:30:00Z'), 5_100), // 5:30 pm on Dec 31 in Chicago: 2025
        gift('gopal@example.org', at('2025-06-01T15:00:00Z'), 25_100),
        gift('gopal@example.org', at('2026-01-01T05:30:00Z'), 1_000), // 11:30 pm on Dec 31 in Chicago: 2025
        gift('late@example.org', at('2026-01-01T06:30:00Z'), 1_000), // 12:30 am on Jan 1 in Chicago: 2026
        gift('tester@example.org', at('2025-05-01T15:00:00Z'), 1_000, true), // a test order: not a gift
      ]);
      const timeZone = 'America/Chicago';
      const progress: string[] = [];
      const dry = await sendYearEndStatements({ db: t.testDb.db, year, timeZone, dryRun: true });
      expect(dry).toEqual({ year, donors: 2, queued: 2, alreadyQueued: 0, dryRun: true });
      const first = await sendYearEndStatements({
        db: t.testDb.db,
        year,
        timeZone,
        batchSize: 1,
        onProgress: (d, n) => progress.push(`${d}/${n}`),
      });
      expect(first).toEqual({ year, donors: 2, queued: 2, alreadyQueued: 0, dryRun: false });
      expect(progress).toEqual(['1/2', '2/2']);
      const again = await sendYearEndStatements({ db: t.testDb.db, year, timeZone });
      expect(again).toEqual({ year, donors: 2, queued: 0, alreadyQueued: 2, dryRun: false });

      const queued = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.kind, STATEMENT_KIND));
      expect(queued).toHaveLength(2);
      const mails = (
        await Promise.all(queued.map((row) => outboxMessages(t.testDb.db, t.site, row.subjectId, STATEMENT_KIND)))
      ).flat();
      const lakshmi = mails.find((m) => m.toAddress === 'lakshmi@example.org');
      expect(lakshmi?.subject).toBe('Your 2025 giving statement from Sri Datta Vani Foundation');
      expect(lakshmi?.text).toContain('Total deductible in 2025: $152.00');
      const pdf = await pdfText(lakshmi?.attachments?.[0]?.content ?? new Uint8Array());
      expect(pdf).toContain('Year-end giving statement 2025');
      expect(pdf).toContain('$152.00');
      const gopal = mails.find((m) => m.toAddress === 'gopal@example.org');
      expect(gopal?.text).toContain('Total given in 2025: $261.00');

      const report = await requestReport(t);
      expect(report.json().statements).toEqual([{ year: 2025, sent: 0, queued: 2 }]);
    });

    it('lists a refunded gift at its corrected amount and receipt number, and leaves out a voided one', async () => {
      const gift = (cents: number, createdAt: string) => ({
        email: 'refunded@example.org',
        test: false,
        createdAt: new Date(createdAt),
        deductibleCents: cents,
        products: [giftLine(cents)],
        receiptNumber: `2024-${createdAt.slice(5, 7)}0000`,
      });
      const [kept, partly, voided] = await seedOrders(t.testDb.db, [
        gift(10_000, '2024-02-01T15:00:00Z'),
        gift(20_000, '2024-03-01T15:00:00Z'),
        gift(30_000, '2024-04-01T15:00:00Z'),
      ]);
      const timeZone = 'America/Chicago';
      await issueReceiptCorrection(t.testDb.db, {
        orderId: partly?.id ?? '',
        refundedCents: 5_000,
        reason: 'Partial refund',
        idempotencyKey: randomUUID(),
        timeZone,
      });
      await issueReceiptCorrection(t.testDb.db, {
        orderId: voided?.id ?? '',
        refundedCents: 30_000,
        reason: 'Refunded in full',
        idempotencyKey: randomUUID(),
        timeZone,
      });
      const { document } = await statementPdf(t.testDb.db, t.site, { email: 'refunded@example.org' }, 2024);
      expect(document.gifts.map((g) => [g.receiptNumber, g.amount, g.deductible])).toEqual([
        [kept?.receiptNumber, '$100.00', '$100.00'],
        ['2024-030000-C1', '$150.00', '$150.00'],
      ]);
      expect(document.totals).toContainEqual({ label: 'Total deductible in 2024', value: '$250.00' });
    });

    it("previews a year for the treasurer: each donor with their statement's totals, what is left out and why, a sample PDF", async () => {
      const gift = (email: string, firstName: string, cents: number, createdAt: string, extra = {}) => ({
        email,
        firstName,
        lastName: 'Rao',
        test: false,
        createdAt: new Date(createdAt),
        deductibleCents: cents,
        products: [giftLine(cents)],
        ...extra,
      });
      const seeded = await seedOrders(t.testDb.db, [
        gift('meera@example.org', 'Meera', 10_000, '2023-02-01T15:00:00Z'),
        gift('Meera@example.org', 'Meera', 5_000, '2023-12-31T23:00:00Z'), // 5 pm on Dec 31 in Chicago
        gift('arjun@example.org', 'Arjun', 2_500, '2023-05-01T15:00:00Z'),
        gift('arjun@example.org', 'Arjun', 4_000, '2023-06-01T15:00:00Z'), // refunded in full below
        gift('gone@example.org', 'Gone', 7_000, '2023-07-01T15:00:00Z'), // refunded in full: no statement
        gift('tester@example.org', 'Tess', 1_000, '2023-08-01T15:00:00Z', { test: true }),
        gift('failed@example.org', 'Fay', 1_000, '2023-09-01T15:00:00Z', { status: 'failed' }),
      ]);
      for (const order of [seeded[3], seeded[4]]) {
        await issueReceiptCorrection(t.testDb.db, {
          orderId: order?.id ?? '',
          refundedCents: order?.amountCents ?? 0,
          reason: 'Refunded in full',
          idempotencyKey: randomUUID(),
          timeZone: 'America/Chicago',
        });
      }
      const treasurer = await signInStaff(t, 'treasurer');
      const preview = await staffCall(t.app, treasurer, 'POST', '/api/staff/statements', { year: 2023, dryRun: true });
      expect(preview.statusCode, preview.body).toBe(200);
      expect(preview.json()).toEqual({
        year: 2023,
        donors: 2,
        queued: 2,
        alreadyQueued: 0,
        dryRun: true,
        yearOpen: false,
        timeZone: 'America/Chicago',
        recipients: [
          {
            email: 'arjun@example.org',
            name: 'Arjun Rao',
            gifts: 1,
            totalCents: 2_500,
            deductibleCents: 2_500,
            alreadyQueued: false,
          },
          {
            email: 'meera@example.org',
            name: 'Meera Rao',
            gifts: 2,
            totalCents: 15_000,
            deductibleCents: 15_000,
            alreadyQueued: false,
          },
        ],
        exclusions: [
          { reason: 'test', gifts: 1, donorsWithout: 1 },
          { reason: 'refunded', gifts: 2, donorsWithout: 1 },
        ],
      });

      // The sample is the statement the donor would get, read back from the PDF.
      const sample = await staffCall(
        t.app,
        treasurer,
        'GET',
        '/api/staff/statements/2023/sample.pdf?email=meera@example.org',
      );
      expect(sample.statusCode).toBe(200);
      expect(sample.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(sample.rawPayload);
      expect(text).toContain('Year-end giving statement 2023');
      expect(text).toContain('Meera Rao');
      expect(text).toContain('$150.00');
      const none = await staffCall(
        t.app,
        treasurer,
        'GET',
        '/api/staff/statements/2023/sample.pdf?email=gone@example.org',
      );
      expect(none.statusCode).toBe(404);
      const volunteer = await signInStaff(t, 'volunteer');
      const refused = await staffCall(
        t.app,
        volunteer,
        'GET',
        '/api/staff/statements/2023/sample.pdf?email=meera@example.org',
      );
      expect(refused.statusCode).toBe(403);
      const badEmail = await staffCall(t.app, treasurer, 'GET', '/api/staff/statements/2023/sample.pdf?email=meera');
      expect(badEmail.statusCode).toBe(400);

      // Sending agrees with the preview: the donor left with nothing gets no statement queued.
      const sent = await staffCall(t.app, treasurer, 'POST', '/api/staff/statements', { year: 2023, dryRun: false });
      expect(sent.json()).toMatchObject({ donors: 2, queued: 2, alreadyQueued: 0, recipients: [] });
      const again = await staffCall(t.app, treasurer, 'POST', '/api/staff/statements', { year: 2023, dryRun: true });
      expect(again.json().recipients.map((r: { alreadyQueued: boolean }) => r.alreadyQueued)).toEqual([true, true]);
    });

    it("lets a signed-in donor download their own receipts and statements, and nobody else's", async () => {
      const registered = await registerAccount(t.app, { name: 'Divya Nair', email: 'divya@example.org' });
      const cookie = `store_session=${sessionToken(registered)}`;
      const userId: string = registered.json().user.id;
      const [mine, theirs] = await seedOrders(t.testDb.db, [
        {
          email: 'divya@example.org',
          userId,
          test: false,
          createdAt: new Date('2025-04-01T15:00:00Z'),
          deductibleCents: 500,
        },
        { email: 'someone@example.org', test: false, createdAt: new Date('2025-04-01T15:00:00Z') },
      ]);
      const get = (url: string, withCookie = true) => t.app.inject({ url, headers: withCookie ? { cookie } : {} });

      const receipt = await get(`/api/account/receipts/${mine?.id}.pdf`);
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['cache-control']).toBe('no-store');
      expect(await pdfText(receipt.rawPayload)).toContain('Donation receipt');
      expect((await get(`/api/account/receipts/${theirs?.id}.pdf`)).statusCode).toBe(404);
      expect((await get(`/api/account/receipts/${mine?.id}.pdf`, false)).statusCode).toBe(401);

      const statement = await get('/api/account/statements/2025.pdf');
      expect(statement.statusCode).toBe(200);
      expect(await pdfText(statement.rawPayload)).toContain('Year-end giving statement 2025');
      expect((await get('/api/account/statements/2019.pdf')).statusCode).toBe(404);
      const bad = await get('/api/account/statements/twenty.pdf');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain('year');

      const activity = await t.app.inject({ url: '/auth/activity', headers: { cookie } });
      expect(activity.json().statementYears).toEqual([2025]);
      expect(activity.json().donations[0]).toMatchObject({
        receiptPdf: `/api/account/receipts/${mine?.id}.pdf`,
        deductible: 5,
      });
    });
  });
  describe("New Year's Eve at the foundation, when the process's zone (UTC) has already turned the year", () => {
    it('keeps a gift at 11:30 pm on December 31 in Chicago in that year everywhere, and one at 12:30 am in the next', async () => {
      const registered = await registerAccount(t.app, { name: 'Noor Shah', email: 'noor@example.org' });
      const cookie = `store_session=${sessionToken(registered)}`;
      const userId: string = registered.json().user.id;
      // 2027-01-01 in UTC both; in Chicago the first is still 2026-12-31.
      const [eve, dawn] = await seedOrders(
        t.testDb.db,
        ['2027-01-01T05:30:00Z', '2027-01-01T06:30:00Z'].map((iso, i) => ({
          email: 'noor@example.org',
          firstName: 'Noor',
          lastName: 'Shah',
          userId,
          status: 'pending' as const,
          transactionId: null,
          test: false,
          gateway: 'braintree' as const,
          createdAt: new Date(iso),
          products: [giftLine(5_000 + i * 1_000)],
          deductibleCents: 5_000 + i * 1_000,
        })),
      );
      const settle = async (order: typeof eve, transactionId: string) => {
        if (!order) throw new Error('not seeded');
        const settled = await settleOrder({
          db: t.testDb.db,
          logger: { error: () => undefined },
          receipts: receiptSettings(t.site),
          order,
          outcome: { status: 'succeeded', transactionId, processor: { code: '1000', text: 'Approved' } },
        });
        return settled?.receiptNumber ?? '';
      };
      // The receipt series: the settlement numbers each in its own year.
      const eveNumber = await settle(eve, 'eve2026');
      const dawnNumber = await settle(dawn, 'dawn2027');
      expect(eveNumber).toMatch(/^2026-\d{6}$/);
      expect(dawnNumber).toMatch(/^2027-\d{6}$/);

      // The receipt e-mail and its PDF: the foundation's date and time, its zone said.
      const dated = [
        [eve?.id, 'December 31, 2026 at 11:30 PM CST'],
        [dawn?.id, 'January 1, 2027 at 12:30 AM CST'],
      ] as const;
      for (const [id, when] of dated) {
        const [mail] = await outboxMessages(t.testDb.db, t.site, id ?? '', RECEIPT_KIND);
        expect(mail?.text).toContain(`Date of gift: ${when}`);
        expect(await pdfText(mail?.attachments?.[0]?.content ?? new Uint8Array())).toContain(when);
      }

      // The statements: the dashboard offers both years, each PDF lists its own gift.
      const get = (url: string) => t.app.inject({ url, headers: { cookie } });
      expect((await get('/auth/activity')).json().statementYears).toEqual([2027, 2026]);
      const statement2026 = await pdfText((await get('/api/account/statements/2026.pdf')).rawPayload);
      expect(statement2026).toContain(`${eveNumber} Dec 31, 2026`);
      expect(statement2026).toContain('Total given in 2026 $50.00');
      expect(statement2026).not.toContain(dawnNumber);
      const statement2027 = await pdfText((await get('/api/account/statements/2027.pdf')).rawPayload);
      expect(statement2027).toContain(`${dawnNumber} Jan 1, 2027`);
      expect(statement2027).not.toContain(eveNumber);

      // The back office's donor page: totals by the foundation's year.
      const treasurer = await signInStaff(t, 'treasurer');
      const donor = (await staffCall(t.app, treasurer, 'GET', '/api/staff/donors/noor@example.org')).json();
      expect(donor.totalsByYear).toEqual([
        { year: 2027, currency: 'USD', totalCents: 6_000, deductibleCents: 6_000 },
        { year: 2026, currency: 'USD', totalCents: 5_000, deductibleCents: 5_000 },
      ]);

      // The report's days and the CSV's Date.
      const q = 'noor@example.org';
      const report = await getReport(t, { q, from: '2026-12-31', to: '2026-12-31' });
      expect(report.donors.map((d) => d.receiptNumber)).toEqual([eveNumber]);
      expect((await getReport(t, { q, from: '2026-12-31', to: '2027-01-01' })).perDay).toEqual(
        expect.arrayContaining([
          { day: '2026-12-31', count: 1, amount: 50 },
          { day: '2027-01-01', count: 1, amount: 60 },
        ]),
      );
      const csv = (await requestReport(t, { q, from: '2026-12-31', to: '2027-01-01' }, '/api/report-data.csv')).body;
      const [, dawnLine, eveLine] = csv.split('\r\n');
      expect(dawnLine).toContain(`,dawn2027,2027-01-01 00:30:00,`);
      expect(dawnLine).toContain(`,${dawnNumber},`);
      expect(eveLine).toContain(`,eve2026,2026-12-31 23:30:00,`);
      expect(eveLine).toContain(`,${eveNumber},`);
    });
  });
});
