/** GET /api/report-data (SPEC.md §7): one page of the report, with Basic authorization. */
import { type ReportQuery, type ReportResponse, reportResponseSchema } from '@store/shared/report';
import { getJson } from '#src/lib/api-client';
import { type ReportCredentials, reportAuthHeaders } from './report-credentials';
import { pageParams, withQuery } from './report-filters';

export const REPORT_PATH = '/api/report-data';

export function getReport(
  credentials: ReportCredentials,
  query: ReportQuery,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ReportResponse> {
  return getJson(withQuery(REPORT_PATH, pageParams(query, cursor)), async () => reportResponseSchema, {
    signal,
    headers: reportAuthHeaders(credentials),
  });
}
