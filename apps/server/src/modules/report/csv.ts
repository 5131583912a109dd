/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote, CR or LF quoted and inner quotes
 * doubled, CRLF line ends, a UTF-8 byte-order mark first (without it Excel reads UTF-8 as its local
 * code page and garbles every non-English name).
 *
 * Text cells starting with = + - @ TAB or CR would run as formulas in Excel, LibreOffice and Google
 * Sheets (a donor named "=HYPERLINK(...)" is an attack on the treasurer): they get a leading single
 * quote, which spreadsheets show as text. Numbers are written bare, so they stay numbers.
 * On PostgreSQL the export has the database write the file by the same rules (copy-export.ts); the
 * API tests expect the same bytes from both.
 */
import { CSV_FORMULA_PREFIXES } from '@store/shared/report';

export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

function neutralised(value: string): string {
  return CSV_FORMULA_PREFIXES.some((prefix) => value.startsWith(prefix)) ? `'${value}` : value;
}

/** A text cell: formula-safe, then quoted if it must be. */
export function csvText(value: string): string {
  const safe = neutralised(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Integer cents as dollars with two decimals, exactly (no floating point): 100005 -> 1000.05. */
export function csvAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** One record: cells already made with csvText / csvAmount, or integers. */
export function csvLine(cells: readonly string[]): string {
  return cells.join(',') + CSV_LINE_END;
}

/**
 * A Date column's header names its zone ("Date (America/Chicago)"): a file opened on its own, far
 * from the page that says it, must still tell a treasurer which day a late-evening gift fell on.
 */
export function dateHeader(timeZone: string): string {
  return `Date (${timeZone})`;
}
