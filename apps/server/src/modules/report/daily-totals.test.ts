/**
 * report_daily_totals against the truth: after every kind of write to orders (bulk insert, settling,
 * failing a paid order, amount and date changes, deletes, truncate), the sums the report reads from
 * it equal the sums counted on the orders themselves.
 */
import type { ReportResponse } from '@store/shared/report';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { buildReportTestApp, getReport, type ReportTestApp } from '../../../test/report-helpers';
import { generateOrders, seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';
import { ensureDailyTotals } from './daily-totals';
import { reportSettings } from './tables';

type Sums = Pick<ReportResponse, 'totals' | 'perDay' | 'perCenter'>;

describeWithDb('report daily totals', () => {
  let t: ReportTestApp;
  const zone = 'America/Chicago';

  beforeAll(async () => {
    t = await buildReportTestApp();
  });
  afterAll(() => t?.close());

  /** Every seeded e-mail is @example.org: a search for it counts on the orders, not the sums table. */
  async function expectSumsMatchOrders(filter: Record<string, string | number> = {}): Promise<Sums> {
    const { totals, perDay, perCenter } = await getReport(t, { ...filter, limit: 1 });
    const counted = await getReport(t, { ...filter, limit: 1, q: '@example.org' });
    expect({ totals, perDay, perCenter }).toEqual({
      totals: counted.totals,
      perDay: counted.perDay,
      perCenter: counted.perCenter,
    });
    return { totals, perDay, perCenter };
  }

  it('is built on first use from orders written before', async () => {
    await generateOrders(t.testDb.db, { count: 3_000, days: 60, endsAt: new Date('2026-05-01T00:00:00Z') });
    const [settings] = await t.testDb.db.select().from(reportSettings);
    expect(settings?.timeZone).toBeNull();
    const sums = await expectSumsMatchOrders();
    expect(sums.totals.count).toBe(2_850); // every 20th generated order failed
    expect(sums.perDay.length).toBeGreaterThanOrEqual(60);
    expect(sums.perCenter).toHaveLength(7);
    const [after] = await t.testDb.db.select().from(reportSettings);
    expect(after?.timeZone).toBe(zone);
  });

  it('follows inserts, settling, failing, amount, day and center changes, and deletes', async () => {
    const db = t.testDb.db;
    await generateOrders(db, { count: 500, days: 10, endsAt: new Date('2026-05-03T00:00:00Z'), prefix: 'more' });
    await expectSumsMatchOrders();
    const [pending, paid] = await seedOrders(db, [
      { status: 'pending', createdAt: new Date('2026-04-20T10:00:00Z') },
      { createdAt: new Date('2026-04-20T11:00:00Z') },
    ]);
    if (!pending || !paid) throw new Error('seed failed');
    await expectSumsMatchOrders();
    await db.update(orders).set({ status: 'succeeded' }).where(eq(orders.id, pending.id));
    await expectSumsMatchOrders();
    await db.update(orders).set({ status: 'failed' }).where(eq(orders.id, paid.id));
    await expectSumsMatchOrders();
    await db.update(orders).set({ amountCents: 123_45 }).where(eq(orders.id, pending.id));
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-04-25T04:00:00Z') })
      .where(eq(orders.id, pending.id));
    await db
      .update(orders)
      .set({ centerId: 5, centerName: 'Atlanta Center, Georgia' })
      .where(eq(orders.id, pending.id));
    // A statement touching many rows at once, some paid and some not.
    await db.execute(sql`update ${orders} set amount_cents = amount_cents + 1 where idempotency_key like 'gen-1%'`);
    await db.execute(sql`update ${orders} set updated_at = now()`);
    await expectSumsMatchOrders({ from: '2026-04-20', to: '2026-04-30' });
    await db.execute(sql`delete from ${orders} where idempotency_key like 'gen-2%'`);
    const sums = await expectSumsMatchOrders();
    expect(sums.perDay.every((day) => day.count > 0)).toBe(true);
  });

  it('is rebuilt when the foundation changes time zone', async () => {
    const before = await expectSumsMatchOrders();
    expect(await ensureDailyTotals(t.testDb.db, 'Asia/Kolkata')).toBe(true);
    expect(await ensureDailyTotals(t.testDb.db, 'Asia/Kolkata')).toBe(false);
    // The app's zone is Chicago again: its next request rebuilds, and the sums are as before.
    expect(await expectSumsMatchOrders()).toEqual(before);
    expect(await ensureDailyTotals(t.testDb.db, zone)).toBe(false);
  });

  it('is emptied by a truncate', async () => {
    // receipt_corrections reference orders: a truncate of the orders takes them too.
    await t.testDb.db.execute(sql`truncate ${orders} cascade`);
    const sums = await expectSumsMatchOrders();
    expect(sums).toEqual({
      totals: {
        count: 0,
        amount: 0,
        homeCurrency: 'USD',
        byCurrency: [],
        unrated: 0,
        fees: { amount: 0, covered: 0, of: 0 },
      },
      perDay: [],
      perCenter: [],
    });
  });
});
