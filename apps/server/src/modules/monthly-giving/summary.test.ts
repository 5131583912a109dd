/**
 * Issue 22, the foundation's view on both databases: the monthly giving summary (each status,
 * monthly recurring revenue, declined charges inside and outside the 30 days, 'starting' gifts not
 * counted, one center's), as GET /api/report-data answers it, and the CSV's Gift column for a
 * one-time order, a checkout's first month and a billing run's charge (COPY on PostgreSQL, keyset
 * pages on PGlite, and the keyset path on PostgreSQL too: the same bytes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keysetCsvChunks } from '#src/modules/report/keyset-export';
import { daysAgo, seedMonthlyCharge, seedMonthlyGift } from '../../../test/monthly-gift-rows';
import { buildReportTestApp, getReport, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';
import { monthlyGivingSummary } from './summary';

describeWithDb('monthly giving: the summary, the report and the CSV', () => {
  let t: ReportTestApp;

  beforeAll(async () => {
    t = await buildReportTestApp();
    const db = t.testDb.db;
    await seedOrders(db, [{ firstName: 'Once', lastName: 'Only', email: 'once@example.org', createdAt: daysAgo(2) }]);
    const steady = await seedMonthlyGift(db, {
      amountCents: 5100,
      centerId: 1,
      email: 'steady@example.org',
      createdAt: daysAgo(60),
    });
    await seedMonthlyGift(db, { amountCents: 2500, centerId: 2, createdAt: daysAgo(20) });
    await seedMonthlyGift(db, { status: 'paused', pausedReason: 'donor', amountCents: 1000, centerId: 1 });
    const declined = await seedMonthlyGift(db, {
      status: 'paused',
      pausedReason: 'card_declined',
      amountCents: 3000,
      centerId: 2,
      failedAttempts: 3,
      createdAt: daysAgo(90),
    });
    await seedMonthlyGift(db, { status: 'cancelled', amountCents: 700, centerId: 1 });
    // A checkout in flight: its gift is in no count and no sum.
    await seedMonthlyGift(db, { status: 'starting', amountCents: 9900, centerId: 1 });

    await seedMonthlyCharge(db, steady, { status: 'succeeded', createdAt: daysAgo(5), billingPeriod: '2026-11' });
    await seedMonthlyCharge(db, steady, { status: 'failed', createdAt: daysAgo(10), billingPeriod: '2026-10' });
    await seedMonthlyCharge(db, declined, { status: 'failed', createdAt: daysAgo(3), chargeAttempt: 0 });
    await seedMonthlyCharge(db, declined, { status: 'failed', createdAt: daysAgo(2), chargeAttempt: 1 });
    // Declined more than 30 days ago: not counted.
    await seedMonthlyCharge(db, declined, { status: 'failed', createdAt: daysAgo(40), billingPeriod: '2026-09' });
  });
  afterAll(() => t?.close());

  it('counts each status, the monthly recurring revenue, recent declines and gifts paused for declines', async () => {
    expect(await monthlyGivingSummary(t.testDb.db)).toEqual({
      active: 2,
      paused: 2,
      cancelled: 1,
      monthlyRecurring: 76,
      failedCharges: 3,
      pausedForDeclines: 1,
    });
  });

  it("counts one center's gifts and charges", async () => {
    expect(await monthlyGivingSummary(t.testDb.db, { centerId: 1 })).toEqual({
      active: 1,
      paused: 1,
      cancelled: 1,
      monthlyRecurring: 51,
      failedCharges: 1,
      pausedForDeclines: 0,
    });
    expect(await monthlyGivingSummary(t.testDb.db, { centerId: 2 })).toMatchObject({
      active: 1,
      monthlyRecurring: 25,
      failedCharges: 2,
      pausedForDeclines: 1,
    });
    expect(await monthlyGivingSummary(t.testDb.db, { centerId: 7 })).toEqual({
      active: 0,
      paused: 0,
      cancelled: 0,
      monthlyRecurring: 0,
      failedCharges: 0,
      pausedForDeclines: 0,
    });
  });

  it("has the report answer with the summary, of the filter's center", async () => {
    const report = await getReport(t);
    expect(report.monthlyGiving).toEqual({
      active: 2,
      paused: 2,
      cancelled: 1,
      monthlyRecurring: 76,
      failedCharges: 3,
      pausedForDeclines: 1,
    });
    expect((await getReport(t, { center: 2 })).monthlyGiving).toMatchObject({ active: 1, monthlyRecurring: 25 });
    // The days and the search narrow the orders, not the gifts as they stand now.
    expect((await getReport(t, { from: '2026-01-01', to: '2026-01-31', q: 'nobody' })).monthlyGiving).toMatchObject({
      active: 2,
    });
  });

  it('says in the CSV whether each order was given once or monthly', async () => {
    const giftOf = async (q: string) => {
      const res = await requestReport(t, { q }, '/api/report-data.csv');
      expect(res.statusCode).toBe(200);
      const [header, ...rows] = res.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, -1);
      expect(header?.split(',').at(-6)).toBe('Gift');
      // Gift is before the currency and the home amount, never quoted: the sixth cell from the end (before the tribute, the payment method and the fee covered too).
      return rows.map((row) => row.split(',').at(-6));
    };
    expect(await giftOf('once@example.org')).toEqual(['One-time']);
    // The billing run's charge (newest), then the checkout's order that paid the first month.
    expect(await giftOf('steady@example.org')).toEqual(['Monthly', 'Monthly']);
  });

  it('writes the same Gift column by COPY and by keyset pages', async () => {
    const res = await requestReport(t, {}, '/api/report-data.csv');
    const records = res.body.split('\r\n').slice(1).join('\r\n');
    let keyset = '';
    for await (const chunk of keysetCsvChunks({ db: t.testDb.db, filter: {}, timeZone: 'America/Chicago' })) {
      keyset += chunk;
    }
    expect(records).toBe(keyset);
    const gifts = keyset.split('\r\n').map((row) => row.split(',').at(-6));
    // One one-time order; 5 paid first months ('starting' one pending) and one paid billing charge.
    expect(gifts.filter((g) => g === 'One-time')).toHaveLength(1);
    expect(gifts.filter((g) => g === 'Monthly')).toHaveLength(6);
  });
});
