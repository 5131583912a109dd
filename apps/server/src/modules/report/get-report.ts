/** GET /api/report-data's answer: a page of donors, the hosts, and the sums for the whole filter. */
import type { ReportQuery, ReportResponse } from '@store/shared/report';
import type { Database } from '#src/db/client';
import { monthlyGivingSummary } from '#src/modules/monthly-giving/summary';
import { statementCounts } from '#src/modules/statements/send-statements';
import { decodeCursor } from './cursor';
import { ensureDailyTotals } from './daily-totals';
import type { CenterNameOf } from './host-rows';
import { listDonors } from './list-donors';
import { listHosts } from './list-hosts';
import { checkReportFilter } from './report-filter';
import { reportTotals } from './report-totals';

export type GetReportOptions = {
  db: Database;
  query: ReportQuery;
  timeZone: string;
  centerName: CenterNameOf;
  /** The currency the totals are added up in (site.json exchangeRates.homeCurrency). */
  homeCurrency?: string | undefined;
};

export async function getReport(options: GetReportOptions): Promise<ReportResponse> {
  const { db, query, timeZone, centerName, homeCurrency } = options;
  // Before any query: a bad cursor is the client's mistake (400), whatever else happens.
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const filter = { from: query.from, to: query.to, center: query.center, q: query.q };
  checkReportFilter(filter);
  await ensureDailyTotals(db, timeZone);
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [page, sums, hosts, statements, monthlyGiving] = await Promise.all([
    listDonors({ db, filter, timeZone, after, limit: query.limit }),
    reportTotals(db, filter, timeZone, homeCurrency),
    listHosts({ db, filter, timeZone, centerName }),
    statementCounts(db),
    // Issue 22: the gifts as they stand now, of the filter's center (days and search do not apply).
    monthlyGivingSummary(db, { centerId: query.center }),
  ]);
  return { donors: page.donors, hosts, nextCursor: page.nextCursor, ...sums, timeZone, statements, monthlyGiving };
}
