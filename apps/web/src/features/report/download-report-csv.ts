/**
 * GET /api/report-data.csv with the filters on screen and the same Basic authorization. A plain link
 * cannot carry the Authorization header, so the file is fetched and then saved from a Blob.
 * `table: 'hosts'` downloads the event registrants instead of the donors (same filters).
 */
import type { ReportQuery } from '@store/shared/report';
import { ApiClientError, errorFromBody } from '#src/lib/api-client';
import { contentDispositionFilename } from './content-disposition-filename';
import { type ReportCredentials, reportAuthHeaders } from './report-credentials';
import { filterParams, withQuery } from './report-filters';
import { saveBlob } from './save-blob';

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
  const path = withQuery(REPORT_CSV_PATH, params);
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { Accept: 'text/csv', ...reportAuthHeaders(credentials) },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiClientError('Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw await errorFromBody(REPORT_CSV_PATH, response.status, body);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiClientError('The CSV download was interrupted. Please try again.', response.status);
  }
  saveBlob(
    blob,
    contentDispositionFilename(response.headers.get('Content-Disposition')) ?? DEFAULT_CSV_FILENAMES[table],
  );
}
