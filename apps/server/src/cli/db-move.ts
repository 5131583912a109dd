/**
 * `npm run db:move -- --to postgres://…`: copies the PGlite database in DATA_DIR into an empty
 * PostgreSQL database, for the day the store outgrows one process (docs/operations.md, "Moving from
 * PGlite to PostgreSQL"). Stop the server first (PGlite is one process).
 *
 * Both databases are migrated first, so their tables are the same. Then, in ONE transaction on
 * PostgreSQL: every table in foreign-key order (parents first), each with COPY (PGlite's text
 * output is PostgreSQL's text input: every value comes across exactly), then each identity and
 * serial sequence set past the largest id copied. Any failure rolls the whole move back and leaves
 * the target empty. The PGlite directory is only read.
 *
 * The target must hold no rows: a server that already started on it has created an administrator
 * and a session secret of its own. The password may be left out of the URL and given in PGPASSWORD.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';
import { ConfigError, loadConfig } from '#src/config';
import { openDatabase } from '#src/db/client';
import { migrateDatabase } from '#src/db/migrate';
import { CliError } from './cli-error';
import { parseFlags, requiredFlag } from './flags';

export const MOVE_USAGE = `Usage: npm run db:move -- --to <postgres://user@host:5432/database>

Copies the PGlite database in DATA_DIR into an empty PostgreSQL database, in one transaction.
Stop the server first. The password may be given in PGPASSWORD instead of the URL.`;

export type TableToCopy = { name: string; columns: string[] };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The tables of the public schema, parents before children (foreign keys), and their columns that
 * hold data (generated columns are computed again by the target).
 */
export async function tablesInCopyOrder(client: PGlite): Promise<TableToCopy[]> {
  const columns = await client.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
     from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows)
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  const ordered: TableToCopy[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) throw new Error(`the foreign keys of ${table} form a cycle`);
    visiting.add(table);
    for (const ref of references.rows) if (ref.child === table) place(ref.parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push({ name: table, columns: byTable.get(table) ?? [] });
  };
  for (const table of [...byTable.keys()].sort()) place(table);
  return ordered;
}

async function copyTable(source: PGlite, target: PoolClient, table: TableToCopy): Promise<number> {
  const { from: copyFrom } = await import('pg-copy-streams');
  const list = table.columns.map(quote).join(', ');
  const exported = await source.query(`copy ${quote(table.name)} (${list}) to '/dev/blob'`);
  // An empty table gives no blob at all.
  if (!exported.blob) return 0;
  const data = Buffer.from(await exported.blob.arrayBuffer());
  const sink = target.query(copyFrom(`copy ${quote(table.name)} (${list}) from stdin`));
  await pipeline(Readable.from([data]), sink);
  return sink.rowCount ?? 0;
}

/**
 * A table the target may already hold rows in: the rows a migration writes (report_settings' one
 * row), the same in both. Anything else means the target is in use.
 */
async function holdsOnlyWhatSourceHolds(source: PGlite, target: PoolClient, table: string): Promise<boolean> {
  const query = `select row_to_json(t)::text as row from ${quote(table)} t limit 101`;
  const there = (await target.query<{ row: string }>(query)).rows.map((r) => r.row);
  if (there.length === 0) return true;
  if (there.length > 100) return false;
  const here = (await source.query<{ row: string }>(query)).rows.map((r) => r.row);
  return JSON.stringify(there.sort()) === JSON.stringify(here.sort());
}

/** Sets every identity and serial sequence of the target past the largest value copied. */
async function resetSequences(target: PoolClient): Promise<void> {
  const owned = await target.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
     from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
  );
  for (const { table_name, column_name } of owned.rows) {
    const t = quote(table_name);
    const c = quote(column_name);
    await target.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${c}) from ${t}), 1), (select max(${c}) from ${t}) is not null)`,
      [t, column_name],
    );
  }
}

export async function moveToPostgres(options: {
  dataDir: string;
  url: string;
  log: (line: string) => void;
}): Promise<void> {
  const { dataDir, url, log } = options;
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new CliError(`There is no PGlite database in ${dataDir} (DATA_DIR).`);
  let source: Awaited<ReturnType<typeof openDatabase>>;
  try {
    source = await openDatabase({ kind: 'pglite', dataDir });
  } catch (error) {
    throw new CliError(`Cannot open the PGlite database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    if (source.kind !== 'pglite') throw new Error('not PGlite');
    await migrateDatabase(source);
    await source.client.query(`set timezone = 'UTC'`);
    let target: Awaited<ReturnType<typeof openDatabase>>;
    try {
      target = await openDatabase({ kind: 'postgres', url });
      await migrateDatabase(target);
    } catch (error) {
      throw new CliError(`--to: cannot use that database: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      if (target.kind !== 'postgres') throw new Error('not PostgreSQL');
      const tables = await tablesInCopyOrder(source.client);
      const client = await target.pool.connect();
      try {
        await client.query(`set timezone = 'UTC'`);
        for (const table of tables) {
          if (!(await holdsOnlyWhatSourceHolds(source.client, client, table.name))) {
            throw new CliError(
              `--to: that database already holds data (table ${table.name}). Move into a new, empty database ` +
                '(a server started on it creates an administrator: do not start one before the move).',
            );
          }
        }
        await client.query('begin');
        try {
          // The copied rows already include what triggers derive (report_daily_totals from orders):
          // triggers off during the copy, back on at commit (the migrating role owns the tables). Off
          // before the truncate too: the audit log's trigger refuses TRUNCATE, and this one empties a
          // new database.
          for (const table of tables) await client.query(`alter table ${quote(table.name)} disable trigger user`);
          // Rows the migrations wrote (report_settings) go; the copy brings the source's.
          await client.query(`truncate ${tables.map((t) => quote(t.name)).join(', ')}`);
          for (const table of tables) log(`${table.name}: ${await copyTable(source.client, client, table)} rows`);
          for (const table of tables) await client.query(`alter table ${quote(table.name)} enable trigger user`);
          await resetSequences(client);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      } finally {
        client.release();
      }
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

async function main(args: string[]): Promise<number> {
  try {
    if (args[0] === 'help' || args[0] === '--help') {
      console.log(MOVE_USAGE);
      return 0;
    }
    const flags = parseFlags(args, { values: ['to'], switches: [] }, MOVE_USAGE);
    const url = requiredFlag(flags, 'to', MOVE_USAGE);
    if (!/^postgres(ql)?:\/\/\S+$/.test(url)) throw new CliError(`--to must be a postgres:// URL.\n\n${MOVE_USAGE}`, 2);
    const config = loadConfig();
    if (config.database.kind !== 'pglite') {
      throw new CliError(
        'db:move reads the PGlite database in DATA_DIR: unset DATABASE_URL and give the target in --to.',
        2,
      );
    }
    await moveToPostgres({ dataDir: config.database.dataDir, url, log: (line) => console.log(line) });
    console.log('Moved. Set DATABASE_URL to that database and start the server.');
    return 0;
  } catch (error) {
    if (error instanceof CliError || error instanceof ConfigError) {
      console.error(error.message);
      return error instanceof CliError ? error.exitCode : 1;
    }
    console.error('The move failed (nothing was written to PostgreSQL):', error);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
