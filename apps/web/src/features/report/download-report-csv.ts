/**
 * GET /api/report-data.csv with the filters on screen and the same Basic authorization (fetched,
 * then saved from a Blob: downloadReportFile). `table: 'hosts'` downloads the event registrants
 * instead of the donors (same filters).
 */
import type { ReportQuery } from '@store/shared/report';
import { downloadReportFile } from './download-report-file';
import type { ReportCredentials } from './report-credentials';
import { filterParams, withQuery } from './report-filters';

export const REPORT_CSV_PATH = '/api/report-data.csv';

/** Which of the report's tables the file holds (the server's `table` parameter; donors by default). */
export type ReportCsvTable = 'donors' | 'hosts';

/** Used when the answer names no file. */
export const DEFAULT_CSV_FILENAMES: Record<ReportCsvTable, string> = {
  donors: 'payment-report.csv',
  hosts: 'event-registrations.csv',
};

export type DownloadReportCsvOptions = { table?: ReportCsvTable; signal?: AbortSignal | undefined };

export async function downloadReportCsv(
  credentials: ReportCredentials,
  query: ReportQuery,
  { table = 'donors', signal }: DownloadReportCsvOptions = {},
): Promise<void> {
  const params = filterParams(query);
  if (table !== 'donors') params.set('table', table);
  await downloadReportFile(withQuery(REPORT_CSV_PATH, params), credentials, {
    accept: 'text/csv',
    fallbackName: DEFAULT_CSV_FILENAMES[table],
    what: 'CSV',
    signal,
  });
}
