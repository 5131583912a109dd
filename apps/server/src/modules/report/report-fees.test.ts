/**
 * The report's totals say what processing fees donors covered (in the home currency at
 * each order's own rate, like every total) and the share of card and wallet gifts that covered them;
 * the summary table's path (no search) and the orders' (a search) agree.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildReportTestApp, getReport, type ReportTestApp } from '../../../test/report-helpers';
import { seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';

const NOON = new Date('2026-03-02T18:00:00Z');
const gift = (cents: number) => [{ id: 8, name: 'Any Other Donation', unitCents: cents, quantity: 1, custom: true }];

describeWithDb('fees covered in the report', () => {
  let t: ReportTestApp;
  beforeAll(async () => {
    t = await buildReportTestApp();
    await seedOrders(t.testDb.db, [
      // $100 + $3.30 covered; CA$51 + CA$1.84 covered at 0.72; $25 without; a declined gift with a fee.
      { email: 'a@example.org', products: gift(10_000), amountCents: 10_330, feeCoveredCents: 330, createdAt: NOON },
      {
        email: 'b@example.org',
        centerId: 7,
        currency: 'CAD',
        entityKey: 'ca',
        products: gift(5_100),
        amountCents: 5_284,
        feeCoveredCents: 184,
        homeRate: '0.7200000000',
        homeAmountCents: 3_804,
        createdAt: NOON,
      },
      { email: 'c@example.org', products: gift(2_500), createdAt: NOON },
      {
        email: 'd@example.org',
        status: 'failed',
        products: gift(10_000),
        amountCents: 10_330,
        feeCoveredCents: 330,
        createdAt: NOON,
      },
    ]);
  });
  afterAll(() => t?.close());

  it('totals the fees at home ($3.30 + CA$1.84 × 0.72 = $4.62) and 2 of 3 paid gifts covering them', async () => {
    for (const query of [{}, { q: '@example.org' }]) {
      const { totals } = await getReport(t, query);
      expect(totals).toMatchObject({ count: 3, fees: { amount: 4.62, covered: 2, of: 3 } });
    }
  });
});
