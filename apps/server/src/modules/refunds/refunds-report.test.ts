/**
 * A refund shows everywhere money is counted (issue 21): the report's totals, per-day and
 * per-center sums (kept by triggers) net of it, each donor row's `refunded`, the CSV's last column,
 * and the donor's year-end statement at the corrected amount.
 */
import { reportResponseSchema } from '@store/shared/report';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '#src/modules/checkout/tables';
import { statementPdf } from '#src/modules/statements/statement-pdf';
import { paidOrder, postRefund, settleSale } from '../../../test/refund-helpers';
import { buildReportTestApp, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { signInStaff } from '../../../test/staff-helpers';
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
    expect((await report()).totals).toEqual({ count: 3, amount: 105 });

    await settleSale(t.testDb.db, partly.transactionId);
    const partial = await postRefund(t.app, treasurer, partly.orderId, { amountCents: 1000, reason: 'Books returned' });
    expect(partial.statusCode, partial.body).toBe(200);
    const whole = await postRefund(t.app, treasurer, voided.orderId, { amountCents: 3500, reason: 'Paid twice' });
    expect(whole.statusCode, whole.body).toBe(200);

    const after = await report();
    expect(after.totals).toEqual({ count: 3, amount: 60 });
    expect(after.perCenter).toEqual([{ center: 'Dallas Center, Texas', count: 3, amount: 60 }]);
    expect(after.perDay.reduce((sum, day) => sum + day.amount, 0)).toBe(60);
    const refundedOf = new Map(after.donors.map((d) => [d.orderId, [d.amount, d.refunded]]));
    expect(refundedOf.get(kept.orderId)).toEqual([35, 0]);
    expect(refundedOf.get(partly.orderId)).toEqual([35, 10]);
    expect(refundedOf.get(voided.orderId)).toEqual([35, 35]);
    // A search counts from the orders themselves: the same net sums.
    const searched = reportResponseSchema.parse((await requestReport(t, { q: 'partly@' })).json());
    expect(searched.totals).toEqual({ count: 1, amount: 25 });

    const csv = await requestReport(t, {}, '/api/report-data.csv');
    const [header, ...lines] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    // Refunded, then issue 22's Gift, last.
    expect(header?.split(',').slice(-2)).toEqual(['Refunded', 'Gift']);
    const lastCell = (email: string) =>
      lines
        .find((line) => line.includes(email))
        ?.split(',')
        .at(-2);
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
});
