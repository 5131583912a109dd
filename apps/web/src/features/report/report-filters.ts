/**
 * The filter form's values, checked with the shared `reportQuerySchema` (the server checks the same
 * rules), and the query strings of GET /api/report-data and GET /api/report-data.csv.
 */
import { type ReportQuery, reportQuerySchema } from '@store/shared/report';

/** What the filter form holds: text as typed, '' for "no filter". `center` is a center id. */
export type ReportFilters = { from: string; to: string; center: string; q: string };
export type ReportFilterField = keyof ReportFilters;
export type FilterErrors = Partial<Record<ReportFilterField, string>>;

export const NO_FILTERS: ReportFilters = { from: '', to: '', center: '', q: '' };

export const FILTER_LABELS: Record<ReportFilterField, string> = {
  from: 'From date',
  to: 'To date',
  center: 'Center',
  q: 'Search',
};

const isFilterField = (name: unknown): name is ReportFilterField =>
  typeof name === 'string' && Object.hasOwn(FILTER_LABELS, name);

/** The schema speaks of fields as `from`, `to`: say them as the form labels them. */
function sayFields(message: string): string {
  return message.replace(/`(\w+)`/g, (whole, name: string) => (isFilterField(name) ? FILTER_LABELS[name] : whole));
}

export type CheckedFilters = { ok: true; query: ReportQuery } | { ok: false; errors: FilterErrors };

export function checkFilters(filters: ReportFilters): CheckedFilters {
  const parsed = reportQuerySchema.safeParse({
    from: filters.from || undefined,
    to: filters.to || undefined,
    center: filters.center || undefined,
    q: filters.q.trim() || undefined,
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: FilterErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFilterField(field) && !errors[field]) errors[field] = `${FILTER_LABELS[field]} ${sayFields(issue.message)}.`;
  }
  return { ok: false, errors };
}

/** The filters alone: the CSV export takes every filtered row, so no cursor and no page size. */
export function filterParams(query: ReportQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.center !== undefined) params.set('center', String(query.center));
  if (query.q) params.set('q', query.q);
  return params;
}

/** One page: the filters, the cursor (absent on the first page) and the page size. */
export function pageParams(query: ReportQuery, cursor: string | undefined): URLSearchParams {
  const params = filterParams(query);
  if (cursor !== undefined) params.set('cursor', cursor);
  params.set('limit', String(query.limit));
  return params;
}

export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
