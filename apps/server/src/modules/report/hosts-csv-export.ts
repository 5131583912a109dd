/**
 * GET /api/report-data.csv?table=hosts's body: a UTF-8 BOM and the header, then every registrant of
 * the filter, in batches of HOSTS_EXPORT_BATCH registrations by keyset (each its own short query:
 * PGlite has one connection, and a long one would stall every other request). The same file rules
 * as the donors' (csv.ts: quoting, CRLF, formula guard). Unlike the page, one column per detail, so
 * a spreadsheet can sort and filter by city, state or category.
 */
import { formatRegistrationNumber } from '@store/shared/registration';
import type { Database } from '#src/db/client';
import { countryText, stateText } from '#src/modules/registrations/registrant-format';
import { CSV_BOM, csvLine, csvText, dateHeader } from './csv';
import {
  type CenterNameOf,
  type HostPosition,
  type HostRecord,
  hostPosition,
  hostSessionText,
  readHostRecords,
} from './host-rows';
import type { ReportFilter } from './report-filter';

/** Registrations per query: up to 20 people each, so a batch is at most 10,000 rows. */
export const HOSTS_EXPORT_BATCH = 500;

/** As the donors' file, the Date column names the foundation's zone. */
export function hostsCsvHeader(timeZone: string): string[] {
  return [
    'Registration',
    dateHeader(timeZone),
    'First Name',
    'Last Name',
    'Email',
    'Age',
    'Gender',
    'Category',
    'Phone',
    "Mother's Name",
    "Mother's Phone",
    "Father's Name",
    "Father's Phone",
    'City',
    'State',
    'Zip',
    'Country',
    'Session',
    'Status',
    'Ticket ID',
  ];
}

/**
 * One registrant; Date is the foundation's local date and time; Age a bare number. Session, Status
 * and Ticket ID come last, so a spreadsheet made for the earlier columns still reads them in place.
 */
export function hostCsvLine(record: HostRecord, centerName: CenterNameOf): string {
  const text = (value: string | null) => csvText(value ?? '');
  return csvLine([
    csvText(formatRegistrationNumber(record.number)),
    record.localTime,
    text(record.firstName),
    text(record.lastName),
    text(record.email),
    String(record.age),
    text(record.gender),
    text(record.category),
    text(record.phone),
    text(record.mothersName),
    text(record.mothersPhone),
    text(record.fathersName),
    text(record.fathersPhone),
    text(record.city),
    text(stateText(record)),
    text(record.zip),
    text(countryText(record)),
    text(hostSessionText(record, centerName)),
    text(record.status),
    text(record.ticketId),
  ]);
}

export type HostsCsvExportOptions = {
  db: Database;
  filter: ReportFilter;
  timeZone: string;
  centerName: CenterNameOf;
  /** Registrations per query. */
  batchSize?: number;
};

export async function* hostsCsvExport(options: HostsCsvExportOptions): AsyncGenerator<string> {
  const { db, filter, timeZone, centerName, batchSize = HOSTS_EXPORT_BATCH } = options;
  yield CSV_BOM + csvLine(hostsCsvHeader(timeZone));
  let after: HostPosition | undefined;
  for (;;) {
    const records = await readHostRecords({ db, filter, timeZone, after, registrationLimit: batchSize });
    let chunk = '';
    for (const record of records) chunk += hostCsvLine(record, centerName);
    if (chunk) yield chunk;
    const last = records.at(-1);
    // Every registration of the batch gave at least one row (it has people; a search keeps only
    // registrations where someone matches), so fewer registrations than asked means the end.
    if (!last || new Set(records.map((r) => r.registrationId)).size < batchSize) return;
    after = hostPosition(last);
  }
}
