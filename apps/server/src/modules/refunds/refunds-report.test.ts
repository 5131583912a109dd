/**
 * A refund shows everywhere money is counted (issue 21): the report's totals, per-day and
 * per-center sums (kept by triggers) net of it, each donor row's `refunded`, the CSV's last column,
 * and the donor's year-end statement at the corrected amount. After a partial refund every surface
 * gives the corrected receipt's deductible amount: what was kept minus the benefit the donor keeps.
 */
import { reportResponseSchema } from '@store/shared/report';
import { donorDetailSchema, staffOrderDetailSchema } from '@store/shared/staff';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, receiptCorrections } from '#src/modules/ledger/index';
import { statementPdf } from '#src/modules/statements/statement-pdf';
import { BOOK, checkoutBody, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { paidOrder, postRefund, settleSale } from '../../../test/refund-helpers';
import { buildReportTestApp, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

const YEAR = Number(
  new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(new Date()),
);

describeWithDb('refunds in the report, the CSV and the statements', () => {
  let t: ReportTestApp;
  beforeAll(async () => {
    t = await buildReportTestApp();
  });
  afterAll(async () => t?.close());

  it('counts what was kept', async () => {
    const treasurer = await signInStaff(t, 'treasurer');
    const report = async () => reportResponseSchema.parse((await requestReport(t)).json());
    const kept = await paidOrder(t.app, 'kept@example.org');
    const partly = await paidOrder(t.app, 'partly@example.org');
    const voided = await paidOrder(t.app, 'voided@example.org');
    // The sums are built before the refunds, so the triggers must move them.
    expect((await report()).totals).toMatchObject({ count: 3, amount: 105 });

    await settleSale(t.testDb.db, partly.transactionId);
    const partial = await postRefund(t.app, treasurer, partly.orderId, { amountCents: 1000, reason: 'Books returned' });
    expect(partial.statusCode, partial.body).toBe(200);
    const whole = await postRefund(t.app, treasurer, voided.orderId, { amountCents: 3500, reason: 'Paid twice' });
    expect(whole.statusCode, whole.body).toBe(200);

    const after = await report();
    expect(after.totals).toMatchObject({ count: 3, amount: 60 });
    expect(after.perCenter).toMatchObject([{ center: 'Dallas Center, Texas', count: 3, amount: 60 }]);
    expect(after.perDay.reduce((sum, day) => sum + day.amount, 0)).toBe(60);
    const refundedOf = new Map(after.donors.map((d) => [d.orderId, [d.amount, d.refunded]]));
    expect(refundedOf.get(kept.orderId)).toEqual([35, 0]);
    expect(refundedOf.get(partly.orderId)).toEqual([35, 10]);
    expect(refundedOf.get(voided.orderId)).toEqual([35, 35]);
    // A search counts from the orders themselves: the same net sums.
    const searched = reportResponseSchema.parse((await requestReport(t, { q: 'partly@' })).json());
    expect(searched.totals).toMatchObject({ count: 1, amount: 25 });

    const csv = await requestReport(t, {}, '/api/report-data.csv');
    const [header, ...lines] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    // Refunded, then issue 22's Gift, then the currency and the home amount, then the Tribute
    // and Payment method.
    expect(header?.split(',').slice(-7)).toEqual([
      'Refunded',
      'Gift',
      'Currency',
      'Amount (USD)',
      'Tribute',
      'Payment method',
      'Fee covered',
    ]);
    const lastCell = (email: string) =>
      lines
        .find((line) => line.includes(email))
        ?.split(',')
        .at(-7);
    expect(lastCell('kept@example.org')).toBe('0.00');
    expect(lastCell('partly@example.org')).toBe('10.00');
    expect(lastCell('voided@example.org')).toBe('35.00');

    // Sandbox orders are test orders, which statements leave out: these two stand for real gifts.
    await t.testDb.db
      .update(orders)
      .set({ test: false })
      .where(inArray(orders.id, [partly.orderId, voided.orderId]));
    const { document } = await statementPdf(t.testDb.db, t.site, { email: 'partly@example.org' }, YEAR);
    expect(document.gifts).toHaveLength(1);
    expect(document.gifts[0]?.receiptNumber).toMatch(/-C1$/);
    expect(document.gifts[0]?.amount).toBe('$25.00');
    const voidedStatement = await statementPdf(t.testDb.db, t.site, { email: 'voided@example.org' }, YEAR);
    expect(voidedStatement.document.gifts).toEqual([]);
  });

  /** A $101 gift and the $5 book: $106 paid, $101 deductible; a real gift (not a test order), settled. */
  async function giftWithBook(email: string): Promise<string> {
    const res = await postCheckout(t.app, {
      body: checkoutBody(await sandboxNonce(t.app), [openAmount(8, 101), { ...BOOK, quantity: 1 }], email),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: 106, deductible: 101 });
    const { orderId, transactionId } = res.json<{ orderId: string; transactionId: string }>();
    // A test order's receipt claims nothing and statements leave it out: this one stands for a real gift.
    await t.testDb.db.update(orders).set({ test: false }).where(eq(orders.id, orderId));
    await settleSale(t.testDb.db, transactionId);
    return orderId;
  }

  /** The deductible amount as each surface gives it, in dollars ('48.00'). */
  async function deductibleEverywhere(staff: SignedInStaff, orderId: string, email: string) {
    const order = staffOrderDetailSchema.parse(
      (await staffCall(t.app, staff, 'GET', `/api/staff/orders/${orderId}`)).json(),
    );
    const donor = donorDetailSchema.parse(
      (await staffCall(t.app, staff, 'GET', `/api/staff/donors/${encodeURIComponent(email)}`)).json(),
    );
    const report = reportResponseSchema.parse((await requestReport(t, { q: email })).json());
    const csv = await requestReport(t, { q: email }, '/api/report-data.csv');
    // Deductible, then Refunded, Gift, Currency, the home amount, Tribute, Payment method and Fee covered: the eighth cell from the end.
    const csvLine = csv.body.split('\r\n').find((line) => line.includes(email));
    const statement = await statementPdf(t.testDb.db, t.site, { email }, YEAR);
    const dollars = (cents: number | null | undefined) => (cents == null ? null : (cents / 100).toFixed(2));
    return {
      order: dollars(order.deductibleCents),
      donor: dollars(donor.totalsByYear[0]?.deductibleCents),
      report: report.donors[0]?.deductible?.toFixed(2),
      csv: csvLine?.split(',').at(-8),
      statement: statement.document.gifts[0]?.deductible.replace('$', '') ?? null,
    };
  }

  it('gives the corrected deductible on every surface after a partial refund, and keeps the reason internal', async () => {
    const treasurer = await signInStaff(t, 'treasurer');
    const email = 'half@example.org';
    const orderId = await giftWithBook(email);
    const reason = 'Donor asked to give half';
    const res = await postRefund(t.app, treasurer, orderId, { amountCents: 5300, reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.correctedReceiptNumber).toMatch(/-C1$/);

    // $53 kept; the book ($5) stays with the donor: $48 is deductible, wherever it is read.
    expect(await deductibleEverywhere(treasurer, orderId, email)).toEqual({
      order: '48.00',
      donor: '48.00',
      report: '48.00',
      csv: '48.00',
      statement: '48.00',
    });
    const statement = await statementPdf(t.testDb.db, t.site, { email }, YEAR);
    expect(await pdfText(statement.pdf)).toContain(`Total deductible in ${YEAR} $48.00`);

    // The corrected receipt as the administrator downloads it and as the donor is mailed it.
    const download = await t.app.inject({
      url: `/api/report/receipts/${orderId}.pdf`,
      headers: { authorization: t.authorization },
    });
    expect(download.statusCode).toBe(200);
    const [correction] = await t.testDb.db
      .select()
      .from(receiptCorrections)
      .where(eq(receiptCorrections.orderId, orderId));
    const [mail] = await outboxMessages(t.testDb.db, t.site, correction?.id ?? '');
    const attached = await pdfText(mail?.attachments?.[0]?.content ?? new Uint8Array());
    for (const text of [await pdfText(download.rawPayload), attached]) {
      expect(text).toContain(`${correction?.receiptNumber}`);
      expect(text).toContain('Amount kept by the foundation $53.00');
      expect(text).toContain('Tax-deductible amount $48.00');
      // The lines add up to it: the refund took $53 of the $101 gift, the book gives nothing.
      expect(text).toMatch(/Any Other Donation Gift 1 \$101\.00 — \$48\.00/);
      expect(text).not.toContain(reason);
    }
    expect(mail?.text).toContain('Tax-deductible amount: $48.00');
    expect(mail?.text).not.toContain(reason);
    expect(mail?.html).not.toContain(reason);
    // The back office keeps it with the refund.
    const detail = await staffCall(t.app, treasurer, 'GET', `/api/staff/orders/${orderId}`);
    expect(detail.json().refunds).toMatchObject([{ amountCents: 5300, reason }]);
  });

  it('gives 0 deductible on every surface after a full refund', async () => {
    const treasurer = await signInStaff(t, 'treasurer');
    const email = 'all-back@example.org';
    const orderId = await giftWithBook(email);
    const res = await postRefund(t.app, treasurer, orderId, { amountCents: 10_600, reason: 'Paid twice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.correctedReceiptNumber).toMatch(/-V1$/);
    // The statement leaves a voided gift out: nothing of it was given.
    expect(await deductibleEverywhere(treasurer, orderId, email)).toEqual({
      order: '0.00',
      donor: '0.00',
      report: '0.00',
      csv: '0.00',
      statement: null,
    });
  });
});
