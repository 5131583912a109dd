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
import { orders } from '#src/modules/ledger/index';
import { type ReportFilter, reportConditions } from './report-filter';
import { reportDailyTotals } from './tables';

export type ReportTotals = Pick<ReportResponse, 'totals' | 'perDay' | 'perCenter'>;

/**
 * A grouping-sets row. `grouping(day, center, currency)` sets a bit for each column rolled up (day 4,
 * center 2, currency 1): 3 = a day's row, 4 = a center's in its currency, 6 = a currency's, 7 = all.
 * `home` is in the home currency at each order's own rate; `unrated` counts orders without a rate.
 */
type TotalsRow = {
  grouping: number;
  day: string | null;
  center: string | null;
  currency: string | null;
  count: unknown;
  cents: unknown;
  home: unknown;
  unrated: unknown;
};

const GROUPING = { day: 3, center: 4, currency: 6, all: 7 } as const;

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
    select grouping(${t.day}, ${t.centerName}, ${t.currency}) as grouping, ${t.day}::text as day,
           ${t.centerName} as center, ${t.currency} as currency, sum(${t.orderCount}) as count,
           sum(${t.amountCents}) as cents, sum(${t.homeAmountCents}) as home, sum(${t.unratedCount}) as unrated
    from ${t} where ${and(...conditions)}
    group by grouping sets ((${t.day}), (${t.centerName}, ${t.currency}), (${t.currency}), ())`;
}

function fromOrders(filter: ReportFilter, timeZone: string): SQL {
  return sql`
    select grouping(day, center, currency) as grouping, day::text as day, center, currency, count(*) as count,
           sum(cents) as cents, sum(home) as home, sum(unrated) as unrated
    from (
      select (${orders.createdAt} at time zone ${timeZone})::date as day, ${orders.centerName} as center,
             ${orders.currency} as currency, ${orders.amountCents} - ${orders.refundedCents} as cents,
             coalesce(round((${orders.amountCents} - ${orders.refundedCents}) * ${orders.homeRate}), 0) as home,
             (${orders.homeRate} is null)::int as unrated
      from ${orders} where ${reportConditions(filter, timeZone)}
    ) as matched
    group by grouping sets ((day), (center, currency), (currency), ())`;
}

/**
 * The fees donors covered (part of each order's amount, so of the totals too), in the home
 * currency at each order's rate, and the share of card and wallet gifts that covered theirs. Read
 * from the orders: the daily summary table has no fee column.
 */
async function feesCovered(db: Database, filter: ReportFilter, timeZone: string) {
  const { rows } = await db.execute<{ covered: unknown; of: unknown; home: unknown }>(sql`
    select count(*) filter (where ${orders.feeCoveredCents} > 0) as covered,
           count(*) filter (where ${orders.source} <> 'offline') as of,
           coalesce(sum(round(${orders.feeCoveredCents} * ${orders.homeRate})), 0) as home
    from ${orders} where ${reportConditions(filter, timeZone)}`);
  const row = rows[0];
  return { amount: toNumber(row?.home) / 100, covered: toNumber(row?.covered), of: toNumber(row?.of) };
}

/**
 * The sums, each currency apart and the whole in `homeCurrency` (decision 0040): the totals' amount,
 * each day's and each center's home amount are at the rates the orders kept.
 */
export async function reportTotals(
  db: Database,
  filter: ReportFilter,
  timeZone: string,
  homeCurrency = 'USD',
): Promise<ReportTotals> {
  const query = filter.q ? fromOrders(filter, timeZone) : fromSummary(filter);
  const { rows } = await db.execute<TotalsRow>(query);
  const totals: ReportTotals['totals'] = { count: 0, amount: 0, homeCurrency, byCurrency: [], unrated: 0 };
  const result: ReportTotals = { totals, perDay: [], perCenter: [] };
  for (const row of rows) {
    const count = toNumber(row.count);
    const amount = toNumber(row.cents) / 100;
    const home = toNumber(row.home) / 100;
    const grouping = toNumber(row.grouping);
    if (grouping === GROUPING.day && row.day !== null) result.perDay.push({ day: row.day, count, amount: home });
    else if (grouping === GROUPING.center && row.center !== null && row.currency !== null) {
      result.perCenter.push({ center: row.center, count, amount, currency: row.currency, homeAmount: home });
    } else if (grouping === GROUPING.currency && row.currency !== null) {
      totals.byCurrency.push({ currency: row.currency, count, amount });
    } else if (grouping === GROUPING.all) {
      Object.assign(totals, { count, amount: home, unrated: toNumber(row.unrated) });
    }
  }
  totals.fees = await feesCovered(db, filter, timeZone);
  result.perDay.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  result.perCenter.sort((a, b) => (b.homeAmount ?? 0) - (a.homeAmount ?? 0) || a.center.localeCompare(b.center));
  // The home currency first, then the others by their code.
  totals.byCurrency.sort((a, b) => rank(a.currency) - rank(b.currency) || a.currency.localeCompare(b.currency));
  return result;

  function rank(currency: string): number {
    return currency === homeCurrency ? 0 : 1;
  }
}
