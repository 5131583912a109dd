/**
 * Keyset paging of GET /api/report-data: every row exactly once, in order, also when rows share a
 * created_at to the microsecond, and unaffected by orders that settle while someone pages.
 */
import type { DonorRow } from '@store/shared/report';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { buildReportTestApp, getAllPages, getReport, type ReportTestApp } from '../../../test/report-helpers';
import { seedOrders } from '../../../test/seed-orders';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('report paging', () => {
  let t: ReportTestApp;
  let all: DonorRow[];
  const idsOf = (rows: DonorRow[]) => rows.map((row) => row.orderId);

  beforeAll(async () => {
    t = await buildReportTestApp();
    const base = Date.parse('2026-04-01T12:00:00.000Z');
    // 23 orders: 8 of them at one instant (ties broken by id), the rest a minute apart.
    await seedOrders(
      t.testDb.db,
      Array.from({ length: 23 }, (_, i) => ({
        firstName: `Donor${i}`,
        createdAt: new Date(i < 8 ? base : base - i * 60_000),
      })),
    );
    // Two more a microsecond apart: a cursor rounded to milliseconds would skip or repeat one.
    const [a, b] = await seedOrders(t.testDb.db, [
      { firstName: 'Micro1', createdAt: new Date(base - 3_600_000) },
      { firstName: 'Micro2', createdAt: new Date(base - 3_600_000) },
    ]);
    if (!a || !b) throw new Error('seed failed');
    await t.testDb.db.execute(
      sql`update ${orders} set created_at = created_at + interval '1 microsecond' where ${orders.id} = ${b.id}`,
    );
    all = (await getReport(t, { limit: 200 })).donors;
  });
  afterAll(() => t?.close());

  it('orders by created_at (to the microsecond) then id, newest first', async () => {
    expect(all).toHaveLength(25);
    const { rows } = await t.testDb.db.execute<{ id: string }>(
      sql`select id from ${orders} where status = 'succeeded' order by created_at desc, id desc`,
    );
    expect(idsOf(all)).toEqual(rows.map((row) => row.id));
    const micro = all.filter((r) => r.name.startsWith('Micro')).map((r) => r.name);
    expect(micro).toEqual(['Micro2 Rao', 'Micro1 Rao']);
  });

  it.each([1, 3, 5, 7, 25, 24])('covers every row exactly once with pages of %i', async (limit) => {
    const pages = await getAllPages(t, { limit });
    expect(idsOf(pages.flatMap((page) => page.donors))).toEqual(idsOf(all));
    expect(pages.at(-1)?.nextCursor).toBeNull();
    expect(pages.slice(0, -1).every((page) => page.donors.length === limit && page.nextCursor)).toBe(true);
    // The sums are for the filter, whichever page.
    for (const page of pages) expect(page.totals.count).toBe(25);
  });

  it('keeps later pages unchanged while new orders arrive between requests', async () => {
    const first = await getReport(t, { limit: 4 });
    expect(idsOf(first.donors)).toEqual(idsOf(all.slice(0, 4)));
    // Donations made meanwhile (created now: newer than everything shown) ...
    await seedOrders(t.testDb.db, [{ firstName: 'New1' }, { firstName: 'New2' }, { firstName: 'New3' }]);
    const rest: DonorRow[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await getReport(t, { limit: 4, cursor });
      rest.push(...page.donors);
      cursor = page.nextCursor;
      // ... and more while paging on.
      await seedOrders(t.testDb.db, [{ firstName: 'Newer' }]);
    }
    // ... neither shift nor repeat a row: the pages after the first are exactly the rest of the list.
    expect(idsOf(rest)).toEqual(idsOf(all.slice(4)));
    // A fresh first page shows the new ones on top.
    expect((await getReport(t, { limit: 3 })).donors.every((d) => d.name.startsWith('Newer'))).toBe(true);
  });

  it('combines the cursor with a filter', async () => {
    const pages = await getAllPages(t, { limit: 2, q: 'micro' });
    expect(pages.flatMap((page) => page.donors.map((d) => d.name))).toEqual(['Micro2 Rao', 'Micro1 Rao']);
  });
});
