/**
 * The report with gifts in three currencies, on both databases: each currency summed on its own,
 * the whole in the home currency at each order's own rate (a later rate never restates it), the
 * orders without a rate counted apart, each center in its own money, and the CSV's last two columns.
 * The sums table (no search) and the orders (a search) give the same answer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { exchangeRates } from '#src/modules/exchange-rates/tables';
import { fillOrderRates } from '#src/modules/ledger/index';
import { buildReportTestApp, getReport, type ReportTestApp, requestReport } from '../../../test/report-helpers';
import { seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';

const DAY = '2026-03-02';
const NOON = new Date('2026-03-02T18:00:00Z');
const gift = (cents: number) => [{ id: 8, name: 'Any Other Donation', unitCents: cents, quantity: 1, custom: true }];

describeWithDb('the report in three currencies', () => {
  let t: ReportTestApp;
  beforeAll(async () => {
    t = await buildReportTestApp();
    await seedOrders(t.testDb.db, [
      { email: 'us@example.org', centerId: 2, products: gift(10_000), createdAt: NOON },
      {
        email: 'ca@example.org',
        centerId: 7,
        centerName: 'Toronto Center, Canada',
        currency: 'CAD',
        entityKey: 'ca',
        products: gift(5_100),
        homeRate: '0.7200000000',
        homeAmountCents: 3_672,
        createdAt: NOON,
      },
      // No GBP rate for its day yet: counted in pounds, waiting for the home total.
      {
        email: 'uk@example.org',
        centerId: 8,
        centerName: 'London Center, United Kingdom',
        currency: 'GBP',
        entityKey: 'uk',
        products: gift(2_500),
        createdAt: NOON,
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sums each currency apart, and the whole at home at the rates the orders kept', async () => {
    for (const query of [{}, { q: '@example.org' }]) {
      const report = await getReport(t, query);
      expect(report.totals).toEqual({
        count: 3,
        amount: 136.72,
        homeCurrency: 'USD',
        byCurrency: [
          { currency: 'USD', count: 1, amount: 100 },
          { currency: 'CAD', count: 1, amount: 51 },
          { currency: 'GBP', count: 1, amount: 25 },
        ],
        unrated: 1,
        fees: { amount: 0, covered: 0, of: 3 },
      });
      expect(report.perCenter).toEqual([
        { center: 'Dallas Center, Texas', count: 1, amount: 100, currency: 'USD', homeAmount: 100 },
        { center: 'Toronto Center, Canada', count: 1, amount: 51, currency: 'CAD', homeAmount: 36.72 },
        { center: 'London Center, United Kingdom', count: 1, amount: 25, currency: 'GBP', homeAmount: 0 },
      ]);
      expect(report.perDay).toEqual([{ day: DAY, count: 3, amount: 136.72 }]);
    }
  });

  it("counts a waiting order once the treasurer enters its day's rate, and a later rate restates nothing", async () => {
    await t.testDb.db
      .insert(exchangeRates)
      .values({ day: DAY, currency: 'GBP', rate: '1.2600000000', source: 'staff' });
    await fillOrderRates(t.testDb.db, { day: DAY, currency: 'GBP', rate: '1.2600000000', timeZone: 'America/Chicago' });
    const rated = await getReport(t);
    expect(rated.totals).toMatchObject({ amount: 168.22, unrated: 0 });
    // A corrected rate fills only orders still waiting: the counted one keeps 1.26.
    await fillOrderRates(t.testDb.db, { day: DAY, currency: 'GBP', rate: '1.3000000000', timeZone: 'America/Chicago' });
    expect((await getReport(t)).totals.amount).toBe(168.22);
    expect((await getReport(t, { q: 'uk@' })).totals).toMatchObject({ amount: 31.5, unrated: 0 });
  });

  it('writes each row’s currency and home amount last in the CSV (before the tribute and the payment method)', async () => {
    const csv = await requestReport(t, {}, '/api/report-data.csv');
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]?.split(',').slice(-5, -3)).toEqual(['Currency', 'Amount (USD)']);
    const tail = (email: string) =>
      lines
        .find((line) => line.includes(email))
        ?.split(',')
        .slice(-5, -3);
    expect(tail('us@example.org')).toEqual(['USD', '100.00']);
    expect(tail('ca@example.org')).toEqual(['CAD', '36.72']);
    expect(tail('uk@example.org')).toEqual(['GBP', '31.50']);
  });
});
