/**
 * GET /api/report-data.csv's body: a UTF-8 BOM and the header, then every filtered donor row.
 * Columns as the page's Donor Details table, and the delivery (the page shows it under the products); Date is the foundation's local date and time, its header naming the zone (what a
 * treasurer files by, and what a spreadsheet reads as a date). PostgreSQL writes the rows itself
 * (copy-export.ts); PGlite's are read a page at a time and formatted here (keyset-export.ts).
 */
import type { DatabaseConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { copyCsvChunks } from './copy-export';
import { CSV_BOM, csvLine, dateHeader } from './csv';
import { keysetCsvChunks } from './keyset-export';
import type { ReportFilter } from './report-filter';

export function csvHeader(timeZone: string, homeCurrency = 'USD'): string[] {
  return [
    'Name',
    'Email',
    'Center',
    'Amount',
    'Transaction ID',
    dateHeader(timeZone),
    'Qty',
    'Products',
    'Delivery',
    // Issue 18: 'yes' for a test order (the sandbox took it; nothing was paid), else empty. Last, so
    // the columns before it stay where they were.
    'Test',
    // Issue 20, after Test for the same reason: the receipt's number, the deductible part (empty for
    // orders from before tax receipts).
    'Receipt',
    'Deductible',
    // Issue 21, last for the same reason: what was refunded or voided of the amount (0.00 if nothing).
    'Refunded',
    // Issue 22, last for the same reason: 'One-time' or 'Monthly' (GIFT_FREQUENCY_LABELS).
    'Gift',
    // Last for the same reason (decision 0040): the currency of Amount, Deductible and Refunded, and
    // the amount in the home currency at the order's own rate (empty until its day has one).
    'Currency',
    `Amount (${homeCurrency})`,
    // Last for the same reason: the gift's tribute ('In memory of Sita Devi'), else empty.
    'Tribute',
    // Last for the same reason: how it was paid ('PayPal', 'Visa ending in 1111'), else empty.
    'Payment method',
    // Last for the same reason: the processing fee the donor covered, part of Amount (0.00 if none).
    'Fee covered',
  ];
}

export type CsvExportOptions = {
  db: Database;
  databaseKind: DatabaseConfig['kind'];
  filter: ReportFilter;
  timeZone: string;
  homeCurrency?: string | undefined;
};

export async function* csvExport(options: CsvExportOptions): AsyncGenerator<string | Buffer> {
  yield CSV_BOM + csvLine(csvHeader(options.timeZone, options.homeCurrency));
  yield* options.databaseKind === 'postgres' ? copyCsvChunks(options) : keysetCsvChunks(options);
}

/** The calendar day it is now in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `payment-report-2026-01-01-2026-03-31.csv`; an open end is `all` before and today after. */
export function csvFileName(
  filter: { from?: string | undefined; to?: string | undefined },
  timeZone: string,
  prefix = 'payment-report',
): string {
  return `${prefix}-${filter.from ?? 'all'}-${filter.to ?? todayIn(timeZone)}.csv`;
}
