/**
 * GET /api/report-data.csv with the filters on screen and the same Basic authorization. A plain link
 * cannot carry the Authorization header, so the file is fetched and then saved from a Blob.
 */
import type { ReportQuery } from '@store/shared/report';
import { ApiClientError, errorFromBody } from '../../lib/api-client';
import { contentDispositionFilename } from './content-disposition-filename';
import { type ReportCredentials, reportAuthHeaders } from './report-credentials';
import { filterParams, withQuery } from './report-filters';
import { saveBlob } from './save-blob';

export const REPORT_CSV_PATH = '/api/report-data.csv';
export const DEFAULT_CSV_FILENAME = 'payment-report.csv';

export async function downloadReportCsv(
  credentials: ReportCredentials,
  query: ReportQuery,
  signal?: AbortSignal,
): Promise<void> {
  const path = withQuery(REPORT_CSV_PATH, filterParams(query));
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
  saveBlob(blob, contentDispositionFilename(response.headers.get('Content-Disposition')) ?? DEFAULT_CSV_FILENAME);
}
