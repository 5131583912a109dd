/**
 * The report's `hosts`: the event's registrants for the filter (host-rows.ts), newest registration
 * first. The page shows at most the newest HOSTS_LIMIT of them; the CSV (hosts-csv-export.ts) has
 * every one. The report's answer has no paging for hosts, and an event's list beyond a few hundred
 * people is read in a spreadsheet, not on a page.
 */
import type { HostRow } from '@store/shared/report';
import type { Database } from '#src/db/client';
import { type CenterNameOf, readHostRecords, toHostRow } from './host-rows';
import type { ReportFilter } from './report-filter';

export const HOSTS_LIMIT = 500;

export type ListHostsOptions = {
  db: Database;
  filter: ReportFilter;
  timeZone: string;
  centerName: CenterNameOf;
  limit?: number;
};

export async function listHosts({
  db,
  filter,
  timeZone,
  centerName,
  limit = HOSTS_LIMIT,
}: ListHostsOptions): Promise<HostRow[]> {
  // Enough registrations for `limit` people (each has at least one), then `limit` people.
  const records = await readHostRecords({ db, filter, timeZone, registrationLimit: limit, rowLimit: limit });
  return records.map((record) => toHostRow(record, centerName));
}
