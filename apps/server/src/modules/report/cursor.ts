/**
 * The report's page cursor: where the previous page ended, as (created_at, id) of its last row.
 * Opaque to the browser (base64url), exact to the microsecond (PostgreSQL's precision; a JS Date
 * would round to milliseconds and skip or repeat rows that share one).
 */
import { REPORT_FIRST_DAY, REPORT_LAST_DAY } from '@store/shared/report';
import { AppError } from '#src/errors/app-error';
import { isUuid } from '#src/lib/uuid';

export type PagePosition = {
  /** created_at as UTC ISO 8601 with microseconds: `2026-03-01T17:04:05.123456Z`. */
  createdAt: string;
  id: string;
};

/**
 * The years a cursor's instant may be in: the report's days (REPORT_FIRST_DAY to REPORT_LAST_DAY,
 * @store/shared/report) seen from any time zone, a day either side of them in UTC.
 */
const CURSOR_FIRST_YEAR = Number(REPORT_FIRST_DAY.slice(0, 4)) - 1;
const CURSOR_LAST_YEAR = Number(REPORT_LAST_DAY.slice(0, 4)) + 1;

const CREATED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: PagePosition): string {
  return Buffer.from(`${position.createdAt}|${position.id}`, 'utf8').toString('base64url');
}

function badCursor(): AppError {
  return new AppError('validation_error', 'Invalid query string: cursor: must be a nextCursor from a report page', {
    fields: { cursor: 'must be a nextCursor from a report page' },
  });
}

/** Throws a 400 naming `cursor` for anything encodeCursor did not make. */
export function decodeCursor(cursor: string): PagePosition {
  if (!/^[\w-]+$/.test(cursor)) throw badCursor();
  const [createdAt = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !CREATED_AT.test(createdAt) || !isUuid(id)) throw badCursor();
  // The shape can still hold an impossible instant (February 30): PostgreSQL would refuse it with a
  // 500. A real one survives a round trip through Date (which keeps milliseconds). Year 0000 does
  // too, and PostgreSQL has no year 0 (issue 18): a page's last row is an order of the report's days.
  const year = Number(createdAt.slice(0, 4));
  if (year < CURSOR_FIRST_YEAR || year > CURSOR_LAST_YEAR) throw badCursor();
  const parsed = new Date(createdAt);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 23) !== createdAt.slice(0, 23)) {
    throw badCursor();
  }
  return { createdAt, id };
}
