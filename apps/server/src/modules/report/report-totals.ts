/**
 * Totals, donations per day and per center for the whole filter (not just one page), in one query
 * with grouping sets. Without a text search they come from report_daily_totals (a few thousand rows
 * whatever the number of orders); a search can only be counted on the orders it matches.
 * Money is summed in integer cents by PostgreSQL and turned into dollars once, here. What was refunded
 * is left out (issue 21): the sums are of what the foundation kept, amount − refunded.
 */
import type { ReportResponse } from '@store/shared/report';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/checkout/tables';
import { type ReportFilter, reportConditions } from './report-filter';
import { reportDailyTotals } from './tables';

export type ReportTotals = Pick<ReportResponse, 'totals' | 'perDay' | 'perCenter'>;

/**
 * A grouping-sets row. `grouping(day, center)` sets a bit for each column rolled up: 1 = a day's row
 * (center rolled up), 2 = a center's row, 3 = the grand total.
 */
type TotalsRow = { grouping: number; day: string | null; center: string | null; count: unknown; cents: unknown };

/** int8 arrives as a string (pg) or a number / bigint (PGlite): cents stay exact below 2^53. */
function toNumber(value: unknown): number {
  return Number(value ?? 0);
}

function fromSummary(filter: ReportFilter): SQL {
  const t = reportDailyTotals;
  const conditions: SQL[] = [sql`${t.orderCount} <> 0`];
  if (filter.from) conditions.push(sql`${t.day} >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`${t.day} <= ${filter.to}::date`);
  if (filter.center !== undefined) conditions.push(eq(t.centerId, filter.center));
  return sql`
    select grouping(${t.day}, ${t.centerName}) as grouping, ${t.day}::text as day, ${t.centerName} as center,
           sum(${t.orderCount}) as count, sum(${t.amountCents}) as cents
    from ${t} where ${and(...conditions)}
    group by grouping sets ((${t.day}), (${t.centerName}), ())`;
}

function fromOrders(filter: ReportFilter, timeZone: string): SQL {
  return sql`
    select grouping(day, center) as grouping, day::text as day, center, count(*) as count, sum(cents) as cents
    from (
      select (${orders.createdAt} at time zone ${timeZone})::date as day, ${orders.centerName} as center,
             ${orders.amountCents} - ${orders.refundedCents} as cents
      from ${orders} where ${reportConditions(filter, timeZone)}
    ) as matched
    group by grouping sets ((day), (center), ())`;
}

export async function reportTotals(db: Database, filter: ReportFilter, timeZone: string): Promise<ReportTotals> {
  const query = filter.q ? fromOrders(filter, timeZone) : fromSummary(filter);
  const { rows } = await db.execute<TotalsRow>(query);
  const result: ReportTotals = { totals: { count: 0, amount: 0 }, perDay: [], perCenter: [] };
  for (const row of rows) {
    const count = toNumber(row.count);
    const amount = toNumber(row.cents) / 100;
    const grouping = toNumber(row.grouping);
    if (grouping === 1 && row.day !== null) result.perDay.push({ day: row.day, count, amount });
    else if (grouping === 2 && row.center !== null) result.perCenter.push({ center: row.center, count, amount });
    else if (grouping === 3) result.totals = { count, amount };
  }
  result.perDay.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  result.perCenter.sort((a, b) => b.amount - a.amount || a.center.localeCompare(b.center));
  return result;
}
