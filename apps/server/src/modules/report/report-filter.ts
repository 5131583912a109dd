/**
 * Which orders the report shows: succeeded ones, narrowed by the query's filters. One function for
 * the page, the sums and the CSV, so the three can never disagree.
 *
 * Days are the foundation's calendar days (site.json foundation.timeZone): `from` starts at its
 * local midnight, `to` ends before the next one. The bounds are computed by PostgreSQL (`at time
 * zone` knows every DST rule) once per query, and compared with created_at as instants, so the
 * (created_at, id) indexes serve ranges.
 */
import type { ReportQuery } from '@store/shared/report';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { containsPattern } from '#src/db/contains-pattern';
import { AppError } from '#src/errors/app-error';
import { orders } from '#src/modules/ledger/index';

export type ReportFilter = Pick<ReportQuery, 'from' | 'to' | 'center' | 'q'>;

/**
 * What the shared schema lets through but PostgreSQL cannot take: a NUL character (text cannot hold
 * one; the query would fail with a 500). Checked before anything runs, the CSV's headers included.
 */
export function checkReportFilter(filter: ReportFilter): void {
  if (filter.q?.includes('\u0000')) {
    throw new AppError('validation_error', 'Invalid query string: q: must not contain NUL characters', {
      fields: { q: 'must not contain NUL characters' },
    });
  }
}

/** Local midnight of `day` (+ `plusDays`) in `timeZone`, as an instant. */
function startOfDay(day: string, timeZone: string, plusDays = 0): SQL {
  // The days are added to the local date, not to the instant: a day across a DST change is 23 or 25 hours.
  return sql`((${day}::date + ${plusDays}::integer)::timestamp at time zone ${timeZone})`;
}

/**
 * The search: contains (any case) on "first last" or the e-mail, or the exact transaction id. The
 * name expression is written exactly as its trigram index (checkout/tables.ts) so the planner uses it.
 *
 * "Contains" cannot use a b-tree; at a million orders it needs trigram GIN indexes (pg_trgm, which
 * PostgreSQL ships in contrib and PGlite bundles, so one migration serves both). Limits, measured in
 * bench/report.ts: a search of one or two characters has no trigram to look up and reads every
 * succeeded order; a word on many orders (a surname on 10% of a million) is found at once, but
 * counting and sorting its ~100,000 matches takes about half a second.
 */
function searchCondition(q: string): SQL {
  const pattern = containsPattern(q);
  return sql`((${orders.firstName} || ' ' || ${orders.lastName}) ilike ${pattern} or ${orders.email} ilike ${pattern} or ${orders.transactionId} = ${q})`;
}

/** `from` and `to` as bounds on an instant column: the report's donors and its hosts take the same days. */
export function dayRangeConditions(
  column: AnyPgColumn,
  filter: Pick<ReportFilter, 'from' | 'to'>,
  timeZone: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (filter.from) conditions.push(sql`${column} >= ${startOfDay(filter.from, timeZone)}`);
  if (filter.to) conditions.push(sql`${column} < ${startOfDay(filter.to, timeZone, 1)}`);
  return conditions;
}

export function reportConditions(filter: ReportFilter, timeZone: string): SQL {
  const conditions: SQL[] = [
    sql`${orders.status} = 'succeeded'`,
    ...dayRangeConditions(orders.createdAt, filter, timeZone),
  ];
  if (filter.center !== undefined) conditions.push(eq(orders.centerId, filter.center));
  // An empty search (the box cleared) searches nothing.
  if (filter.q) conditions.push(searchCondition(filter.q));
  return and(...conditions) ?? sql`true`;
}
