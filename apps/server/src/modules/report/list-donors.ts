/**
 * One page of donors, newest first, by keyset: the page after a cursor is "rows older than the last
 * row shown", so an order settled meanwhile never shifts or repeats a later page, and page 10,000
 * costs what page 1 does (an OFFSET would read and drop every row before it).
 */
import type { DonorRow } from '@store/shared/report';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { encodeCursor, type PagePosition } from './cursor';
import { donorColumns, newestFirst, type PageDonorRecord, toDonorRow } from './donor-rows';
import { type ReportFilter, reportConditions } from './report-filter';

export type ListDonorsOptions = {
  db: Database;
  filter: ReportFilter;
  timeZone: string;
  after?: PagePosition | undefined;
  limit: number;
};

/** Rows strictly after `position` in newest-first order; a row comparison the (created_at, id) index serves. */
export function afterPosition(position: PagePosition | undefined) {
  return position
    ? sql`(${orders.createdAt}, ${orders.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`
    : sql`true`;
}

async function readDonorRecords(options: ListDonorsOptions): Promise<PageDonorRecord[]> {
  const { db, filter, timeZone, after, limit } = options;
  const { rows } = await db.execute<PageDonorRecord>(sql`
    select ${donorColumns(timeZone)}, ${orders.receivedOn} as received_on
    from ${orders}
    where ${reportConditions(filter, timeZone)} and ${afterPosition(after)}
    order by ${newestFirst}
    limit ${limit}`);
  return rows;
}

export async function listDonors(
  options: ListDonorsOptions,
): Promise<{ donors: DonorRow[]; nextCursor: string | null }> {
  // One row more than asked tells whether another page exists, without counting.
  const records = await readDonorRecords({ ...options, limit: options.limit + 1 });
  const page = records.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    records.length > options.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null;
  return { donors: page.map(toDonorRow), nextCursor };
}
