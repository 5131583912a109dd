/**
 * The CSV export's rows on PGlite: keyset pages of EXPORT_BATCH_SIZE, each its own short query,
 * formatted here. PGlite has one connection: a transaction or cursor held open for a whole download
 * would stall every other request, while a page at a time lets them in between.
 *
 * The position's instant comes as a plain timestamp in ISO DateStyle (`2026-03-01 11:04:05.5`), which
 * the database prints several times faster than to_char formats it (measured, a million rows); the
 * Date cell as the COPY path writes it (export-date.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { productsText } from '#src/modules/checkout/products-text';
import { orders } from '#src/modules/ledger/index';
import { CSV_LINE_END, csvAmount, csvText } from './csv';
import type { PagePosition } from './cursor';
import {
  type DonorRecord,
  deliveryText,
  giftFrequencySql,
  newestFirst,
  receiptNumberSql,
  tributeText,
} from './donor-rows';
import { exportDateSql } from './export-date';
import { afterPosition } from './list-donors';
import { type ReportFilter, reportConditions } from './report-filter';

export const EXPORT_BATCH_SIZE = 2_000;

/**
 * A row as the export reads it: the page's DonorRecord with the name in one column, the instant as
 * a plain timestamp, the Date cell, and the Gift column. Built from DonorRecord so the two cannot
 * drift apart.
 */
export type ExportRecord = Omit<DonorRecord, 'first_name' | 'last_name' | 'created_at' | 'local_time'> & {
  /** created_at in UTC as a plain timestamp: `2026-03-01 17:04:05.123456` (trailing zeros dropped). */
  created_utc: string;
  name: string;
  /** The Date cell (export-date.ts): `2026-03-01 11:04:05` in the foundation's zone, or a day alone. */
  date_cell: string;
  /** GIFT_FREQUENCY_LABELS: 'One-time' or 'Monthly'. */
  gift: string;
  /** The processing fee the donor covered, part of the amount (0 when none). */
  fee_covered_cents: number;
};

export type KeysetExportOptions = { db: Database; filter: ReportFilter; timeZone: string; batchSize?: number };

const PLAIN_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?$/;
const DATE_CELL = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2}:\d{2})?$/;

/** The drivers return timestamps as the database prints them: refuse anything but ISO rather than misdate. */
function splitTimestamp(value: string): { date: string; time: string; fraction: string } {
  const match = PLAIN_TIMESTAMP.exec(value);
  if (!match) throw new Error(`unexpected timestamp ${JSON.stringify(value)} (DateStyle must be ISO)`);
  return { date: match[1] ?? '', time: match[2] ?? '', fraction: (match[3] ?? '').padEnd(6, '0') };
}

/** Where a record sits in newest-first order: the page cursor's exact format. */
export function exportPosition(record: Pick<ExportRecord, 'id' | 'created_utc'>): PagePosition {
  const { date, time, fraction } = splitTimestamp(record.created_utc);
  return { createdAt: `${date}T${time}.${fraction}Z`, id: record.id };
}

/** Name, Email, Center, Amount, Transaction ID, Date (the foundation's local time to the second, or the day alone), Qty, Products, Delivery, Test, Receipt, Deductible, Refunded, Gift, Currency, Amount (home), Tribute, Payment method, Fee covered. */
export function exportCsvLine(record: ExportRecord): string {
  const date = record.date_cell;
  if (!DATE_CELL.test(date)) throw new Error(`unexpected date ${JSON.stringify(date)} (DateStyle must be ISO)`);
  // Concatenated rather than joined from an array: this runs once per row of the export.
  return `${csvText(record.name)},${csvText(record.email)},${csvText(record.center_name)},${csvAmount(record.amount_cents)},${csvText(record.transaction_id ?? '')},${date},${record.item_count},${csvText(productsText(record.products))},${csvText(record.delivery)},${record.test ? 'yes' : ''},${csvText(record.receipt_number)},${record.deductible_cents === null ? '' : csvAmount(record.deductible_cents)},${csvAmount(record.refunded_cents)},${csvText(record.gift)},${record.currency},${record.home_amount_cents === null ? '' : csvAmount(record.home_amount_cents)},${csvText(record.tribute)},${csvText(record.payment_method)},${csvAmount(record.fee_covered_cents)}${CSV_LINE_END}`;
}

function batchQuery(options: KeysetExportOptions, after: PagePosition | undefined, limit: number): SQL {
  const o = orders;
  return sql`
    select ${o.id} as id, ${o.createdAt} at time zone 'UTC' as created_utc,
      btrim(${o.firstName} || ' ' || ${o.lastName}) as name, ${o.email} as email, ${o.centerName} as center_name,
      ${o.amountCents} as amount_cents, ${o.transactionId} as transaction_id,
      ${exportDateSql(options.timeZone)} as date_cell, ${o.itemCount} as item_count, ${o.products} as products,
      ${deliveryText} as delivery, ${o.test} as test,
      ${receiptNumberSql(options.timeZone)} as receipt_number, ${o.deductibleCents} as deductible_cents,
      ${o.refundedCents} as refunded_cents, ${giftFrequencySql} as gift, ${o.currency} as currency,
      ${o.homeAmountCents} as home_amount_cents, ${tributeText} as tribute,
      coalesce(${o.paymentMethod}, '') as payment_method, ${o.feeCoveredCents} as fee_covered_cents
    from ${o}
    where ${reportConditions(options.filter, options.timeZone)} and ${afterPosition(after)}
    order by ${newestFirst}
    limit ${limit}`;
}

/** CSV lines, one string per batch. */
export async function* keysetCsvChunks(options: KeysetExportOptions): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? EXPORT_BATCH_SIZE;
  let after: PagePosition | undefined;
  for (;;) {
    const { rows } = await options.db.execute<ExportRecord>(batchQuery(options, after, batchSize));
    let chunk = '';
    for (const record of rows) chunk += exportCsvLine(record);
    if (chunk) yield chunk;
    const last = rows.at(-1);
    if (rows.length < batchSize || !last) return;
    after = exportPosition(last);
    // PGlite answers without returning to the event loop (its queries run in this thread), and a
    // fast client drains every batch at once: without this turn, a 50,000-row export held the whole
    // server, other requests and SIGTERM included, for seconds (found by reliability/shutdown).
    await new Promise((resolve) => setImmediate(resolve));
  }
}
