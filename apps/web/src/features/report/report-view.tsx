/**
 * The 'Books Payment Report' once logged in: filters, totals, the chart per day, the breakdown per
 * center, the 'Donor Details' table with paging and CSV export, and the event registrations.
 * Paging keeps the cursors of the pages behind this one, so 'Newer' goes back exactly.
 */
import { type ReportQuery, type ReportResponse, reportMessages } from '@store/shared/report';
import { useId, useState } from 'react';
import { MonthlyGivingSummaryPanel } from '#src/components/monthly-giving-summary';
import { ZoneNote } from '#src/components/zone-note';
import { DonationsPerCenter } from './donations-per-center';
import { DonationsPerDay } from './donations-per-day';
import { DonorTable } from './donor-table';
import { DownloadCsvButton } from './download-csv-button';
import { HostTable } from './host-table';
import type { ReportCredentials } from './report-credentials';
import { ReportFilterForm } from './report-filter-form';
import { ReportPager } from './report-pager';
import { statementsLine } from './report-statements';
import { feesLine, totalsLine } from './report-totals';
import { useReportPage } from './use-report-page';
import { FIRST_PAGE_QUERY } from './use-report-session';

type PageMark = { cursor: string | undefined; before: number };
const FIRST_PAGE: PageMark = { cursor: undefined, before: 0 };

type ReportViewProps = {
  credentials: ReportCredentials;
  firstPage: ReportResponse;
  onLogout: (message?: string) => void;
};

export function ReportView({ credentials, firstPage, onLogout }: ReportViewProps) {
  const id = useId();
  const [query, setQuery] = useState<ReportQuery>(FIRST_PAGE_QUERY);
  // pages[0] is the first page (no cursor); the last entry is the page on screen. `before` counts the
  // rows on the pages before it, for "Rows 51–100" whatever page size the server applied.
  const [pages, setPages] = useState<PageMark[]>([FIRST_PAGE]);
  const current = pages.at(-1) ?? FIRST_PAGE;
  const onUnauthorized = () => onLogout(reportMessages.loginFailed);
  const { data, loading, error, reload } = useReportPage({
    credentials,
    query,
    cursor: current.cursor,
    initial: firstPage,
    onUnauthorized,
  });

  function apply(next: ReportQuery) {
    setQuery(next);
    setPages([FIRST_PAGE]);
    reload();
  }

  const older = () => {
    if (!data?.nextCursor) return;
    const next = { cursor: data.nextCursor, before: current.before + data.donors.length };
    setPages((stack) => [...stack, next]);
  };
  const newer = () => setPages((stack) => (stack.length > 1 ? stack.slice(0, -1) : stack));

  const donorsTitle = `${id}-donors`;
  // The server's days (filter, chart, CSV) are the foundation's; the page shows every time in that zone too.
  const timeZone = data?.timeZone ?? firstPage.timeZone;
  const searchesHosts = Boolean(query.from || query.to || query.q);
  const filtersDonors = searchesHosts || query.center !== undefined;
  return (
    <>
      <div className="report-header">
        <h1>{reportMessages.title}</h1>
        <button type="button" className="text-button" onClick={() => onLogout()}>
          {reportMessages.logout}
        </button>
      </div>
      <ReportFilterForm onApply={apply} />
      <ZoneNote timeZone={timeZone} />
      {loading && (
        <p role="status" className="banner">
          Loading report…
        </p>
      )}
      {error && (
        <div role="alert" className="banner banner--error">
          <p>{`Could not load the report. ${error}`}</p>
          <button type="button" className="button" onClick={reload}>
            Retry
          </button>
        </div>
      )}
      <div className={loading ? 'report-body report-body--stale' : 'report-body'} aria-busy={loading || undefined}>
        {data && <p className="report-totals">{totalsLine(data.totals)}</p>}
        {data && feesLine(data.totals) && <p className="report-fees">{feesLine(data.totals)}</p>}
        {data && data.statements.length > 0 && <p className="report-statements">{statementsLine(data.statements)}</p>}
        {data?.monthlyGiving && <MonthlyGivingSummaryPanel summary={data.monthlyGiving} />}
        {data && data.perDay.length > 0 && <DonationsPerDay perDay={data.perDay} />}
        {data && data.perCenter.length > 0 && <DonationsPerCenter perCenter={data.perCenter} />}
        <section className="report-section" aria-labelledby={donorsTitle}>
          <div className="report-section__header">
            <h2 id={donorsTitle}>{reportMessages.donorDetails}</h2>
            <DownloadCsvButton credentials={credentials} query={query} onUnauthorized={onUnauthorized} />
          </div>
          {data && (
            <DonorTable
              donors={data.donors}
              labelledBy={donorsTitle}
              timeZone={timeZone}
              filtered={filtersDonors}
              credentials={credentials}
              onUnauthorized={onUnauthorized}
            />
          )}
          {/* Nothing to page through (no rows on the first page): no pager of two disabled buttons. */}
          {!(data && data.donors.length === 0 && pages.length === 1) && (
            <ReportPager
              page={pages.length}
              before={current.before}
              rows={loading ? 0 : (data?.donors.length ?? 0)}
              total={data?.totals.count ?? 0}
              hasOlder={Boolean(data?.nextCursor)}
              busy={loading}
              onNewer={newer}
              onOlder={older}
            />
          )}
        </section>
        {data && (
          <HostTable
            hosts={data.hosts}
            timeZone={timeZone}
            filtered={searchesHosts}
            download={
              <DownloadCsvButton
                credentials={credentials}
                query={query}
                onUnauthorized={onUnauthorized}
                table="hosts"
              />
            }
          />
        )}
      </div>
    </>
  );
}
