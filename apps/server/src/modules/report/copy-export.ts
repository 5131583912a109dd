/**
 * The CSV export on PostgreSQL: the database writes the file itself (COPY ... TO STDOUT, CSV format)
 * and this process only passes the bytes on, turning line ends into CRLF. Measured on a million
 * orders (bench/report.ts): reading the rows through node-postgres and formatting them here took
 * 10–15 s and ~90 MB; COPY takes about half the time, and memory stays one 64 kB chunk.
 *
 * The same rules as csv.ts: COPY quotes exactly the fields with a comma, quote, CR or LF and doubles
 * quotes; text cells get the formula guard in the SELECT; an empty text is written as NULL (COPY would
 * write an empty string as ""). The API tests expect the same bytes from this and from the PGlite path.
 *
 * COPY takes no bind parameters, so the filter's values are inlined as SQL literals (Drizzle escapes
 * them; `standard_conforming_strings` is forced on so a backslash is never an escape), in a read-only
 * transaction. A consumer that stops early (the client went away) gets its connection destroyed,
 * not returned to the pool: that is what makes PostgreSQL abandon the COPY.
 */
import { CSV_FORMULA_PREFIXES } from '@store/shared/report';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool, PoolClient } from 'pg';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { crlfLines } from './csv-line-ends';
import { deliveryText, giftFrequencySql, newestFirst, receiptNumberSql, tributeText } from './donor-rows';
import { exportDateSql } from './export-date';
import { type ReportFilter, reportConditions } from './report-filter';

const formulaPrefixes = sql.join(
  CSV_FORMULA_PREFIXES.map((prefix) => sql`${prefix}`),
  sql`, `,
);

/** A text cell: the formula guard (a leading quote), and NULL for empty so COPY writes nothing. */
function textCell(value: SQL): SQL {
  return sql`nullif(case when left(${value}, 1) in (${formulaPrefixes}) then '''' || ${value} else ${value} end, '')`;
}

/** The COPY statement for a filter, every value inlined. */
export function copyStatement(filter: ReportFilter, timeZone: string): string {
  const o = orders;
  // Products in a lateral subquery that aggregates: it runs once per row (a plain expression would be
  // copied into each of textCell's three uses and run three times: measured, twice the export's time).
  const products = sql`(select ${textCell(sql`string_agg((item ->> 'name') || ' × ' || (item ->> 'quantity'), ', ' order by position)`)} as products
      from jsonb_array_elements(${o.products}) with ordinality as items(item, position))`;
  const select = sql`
    select ${textCell(sql`btrim(${o.firstName} || ' ' || ${o.lastName})`)}, ${textCell(sql`${o.email}`)},
      ${textCell(sql`${o.centerName}`)}, (${o.amountCents}::numeric / 100)::numeric(14, 2),
      ${textCell(sql`${o.transactionId}`)}, ${exportDateSql(timeZone)},
      ${o.itemCount}, listed.products, ${textCell(deliveryText)}, case when ${o.test} then 'yes' end,
      ${textCell(receiptNumberSql(timeZone))}, (${o.deductibleCents}::numeric / 100)::numeric(14, 2),
      (${o.refundedCents}::numeric / 100)::numeric(14, 2), ${giftFrequencySql}, ${o.currency},
      (${o.homeAmountCents}::numeric / 100)::numeric(14, 2), ${textCell(tributeText)},
      ${textCell(sql`coalesce(${o.paymentMethod}, '')`)}, (${o.feeCoveredCents}::numeric / 100)::numeric(14, 2)
    from ${o} cross join lateral ${products} as listed
    where ${reportConditions(filter, timeZone)}
    order by ${newestFirst}`;
  const query = new PgDialect().sqlToQuery(select.inlineParams());
  if (query.params.length > 0) throw new Error('COPY cannot take parameters');
  return `copy (${query.sql}) to stdout with (format csv)`;
}

/** Drizzle's node-postgres database keeps its pg Pool as `$client` (Database does not type it). */
function poolOf(db: Database): Pool {
  const client: unknown = Reflect.get(db, '$client');
  if (typeof client !== 'object' || client === null || typeof Reflect.get(client, 'connect') !== 'function') {
    throw new Error('the CSV export by COPY needs the PostgreSQL pool');
  }
  return client as Pool;
}

export type CopyExportOptions = { db: Database; filter: ReportFilter; timeZone: string };

/** The CSV records (no header), CRLF-terminated, as the database writes them. */
export async function* copyCsvChunks({ db, filter, timeZone }: CopyExportOptions): AsyncGenerator<Buffer> {
  const statement = copyStatement(filter, timeZone);
  // Loaded on first use, like the database drivers (start-up time matters).
  const { to: copyTo } = await import('pg-copy-streams');
  const client = await poolOf(db).connect();
  let finished = false;
  try {
    await client.query('begin read only');
    await client.query("set local datestyle = 'ISO, YMD'");
    await client.query('set local standard_conforming_strings = on');
    yield* crlfLines(client.query(copyTo(statement)));
    await client.query('commit');
    finished = true;
  } finally {
    releaseClient(client, finished);
  }
}

/** A connection left mid-COPY (an error, or a reader that stopped) is closed, never reused. */
function releaseClient(client: PoolClient, finished: boolean): void {
  client.release(finished ? undefined : new Error('CSV export stopped before the end'));
}
