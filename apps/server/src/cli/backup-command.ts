/**
 * `npm run backup -- --out <file>` and `npm run restore -- --in <file> [--force]`: the database the
 * server is configured for (same settings: DATABASE_URL, or PGlite in DATA_DIR).
 *
 *  - PGlite: the data directory as PGlite's own dump (`dumpDataDir`, a gzipped tarball). PGlite is
 *    one process: stop the server first (the command refuses while it runs, like `npm run admin`).
 *  - PostgreSQL: `pg_dump --format=custom`, restored by `pg_restore` in one transaction. It runs
 *    beside the servers (pg_dump reads one consistent snapshot).
 *
 * Restore refuses a database that already holds tables (PostgreSQL) or a data directory that
 * already exists (PGlite) unless --force: then PostgreSQL's objects in the backup are dropped and
 * recreated, and PGlite's old directory is kept beside it, renamed, not deleted. The restored
 * database is then migrated, so a backup taken by an older release restores into a newer one.
 *
 * Not in the database, and to be kept with the backups: SESSION_SECRET if set (otherwise the secret
 * is in the database and comes back with it), config/site.json (SITE_CONFIG), the environment.
 *
 * backup.ts runs it as a process; tests also call it in-process with the settings they choose.
 */
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '#src/config';
import { openDatabase } from '#src/db/client';
import { migrateDatabase } from '#src/db/migrate';
import { CliError } from './cli-error';
import { parseFlags, requiredFlag } from './flags';
import { runPgTool } from './pg-tools';
import type { CommandOutput } from './run-command';

export const BACKUP_USAGE = `Usage:
  npm run backup -- --out <file>             write a backup of the database to <file>
  npm run restore -- --in <file> [--force]   restore <file> into the database

Settings as for the server: DATABASE_URL (PostgreSQL: pg_dump custom format), or DATA_DIR (PGlite:
its data directory as a .tar.gz). --force restores over a database that is not empty.
On PGlite, stop the server first.`;

/** pg_dump's custom format begins with these bytes; PGlite's gzip dump with 1f 8b. */
const PG_DUMP_MAGIC = Buffer.from('PGDMP');
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

function pgliteDir(config: Config): string {
  if (config.database.kind !== 'pglite') throw new Error('not PGlite');
  return config.database.dataDir;
}

async function backup(config: Config, out: string): Promise<string> {
  if (existsSync(out)) throw new CliError(`--out: ${out} already exists; give a new file name.`, 2);
  if (!existsSync(dirname(out))) throw new CliError(`--out: the directory ${dirname(out)} does not exist.`, 2);
  const partial = `${out}.partial`;
  try {
    if (config.database.kind === 'postgres') {
      await runPgTool('pg_dump', ['--format=custom', `--file=${partial}`], config.database.url);
      chmodSync(partial, 0o600);
    } else {
      const dataDir = pgliteDir(config);
      if (!existsSync(resolve(dataDir, 'PG_VERSION'))) {
        throw new CliError(`There is no database in ${dataDir} (DATA_DIR) to back up.`);
      }
      const connection = await openCli(() => openDatabase({ kind: 'pglite', dataDir }));
      try {
        if (connection.kind !== 'pglite') throw new Error('not PGlite');
        const dump = await connection.client.dumpDataDir('gzip');
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
      } finally {
        await connection.close();
      }
    }
    renameSync(partial, out);
  } finally {
    rmSync(partial, { force: true });
  }
  return `Backup of the ${config.database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database written to ${out}.`;
}

/** The database could not be opened: on PGlite, most likely the server is running. */
async function openCli<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new CliError(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function postgresTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `select count(*) as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

async function restore(config: Config, file: string, force: boolean): Promise<string> {
  if (!existsSync(file)) throw new CliError(`--in: ${file} does not exist.`, 2);
  const bytes = readFileSync(file);
  const isPgDump = bytes.subarray(0, PG_DUMP_MAGIC.length).equals(PG_DUMP_MAGIC);
  const isPglite = bytes.subarray(0, GZIP_MAGIC.length).equals(GZIP_MAGIC);
  if (!isPgDump && !isPglite) throw new CliError(`--in: ${file} is not a backup made by npm run backup.`, 2);
  const lines: string[] = [];
  if (config.database.kind === 'postgres') {
    if (!isPgDump) {
      throw new CliError(
        `--in: ${file} is a PGlite backup and DATABASE_URL is set. Restore it with DATABASE_URL unset, then ` +
          'move it to PostgreSQL with npm run db:move (docs/operations.md).',
        2,
      );
    }
    const { url } = config.database;
    const tables = await openCli(() => postgresTables(url));
    if (tables > 0 && !force) {
      throw new CliError(
        `The database already holds ${tables} tables. Restore into an empty database, or add --force to replace ` +
          'what the backup contains.',
      );
    }
    const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
    await runPgTool(
      'pg_restore',
      [...clean, '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', file],
      url,
    );
    lines.push(`Restored ${file} into the PostgreSQL database.`);
  } else {
    if (!isPglite) {
      throw new CliError(
        `--in: ${file} is a PostgreSQL backup (pg_dump) and DATABASE_URL is unset: set DATABASE_URL to restore it.`,
        2,
      );
    }
    const dataDir = pgliteDir(config);
    if (existsSync(dataDir)) {
      if (!force) {
        throw new CliError(
          `A database already exists in ${dataDir}. Stop the server, and add --force to replace it ` +
            '(the old directory is kept beside it, renamed).',
        );
      }
      // Refuses while a server holds it; the check and the rename are both this process's.
      const held = await openCli(async () => (await import('#src/db/pglite-lock')).acquirePgliteLock(dataDir));
      const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      held();
      renameSync(dataDir, aside);
      lines.push(`The database that was in ${dataDir} is now in ${aside}.`);
    }
    const connection = await openCli(() => openDatabase({ kind: 'pglite', dataDir, fromDump: new Blob([bytes]) }));
    await connection.close();
    lines.push(`Restored ${file} into ${dataDir}.`);
  }
  // A backup from an older release: bring it to this release's schema now rather than at the next start.
  const connection = await openCli(() => openDatabase(config.database));
  try {
    await migrateDatabase(connection);
  } finally {
    await connection.close();
  }
  return lines.join('\n');
}

/** `backup --out <file>` or `restore --in <file> [--force]`; no command or `help`: the usage. */
export async function runBackupCommand(
  args: string[],
  out: CommandOutput,
  config: () => Config = () => loadConfig(),
): Promise<void> {
  const [command, ...rest] = args;
  if (command === 'backup') {
    const flags = parseFlags(rest, { values: ['out'], switches: [] }, BACKUP_USAGE);
    out.log(await backup(config(), resolve(requiredFlag(flags, 'out', BACKUP_USAGE))));
    return;
  }
  if (command === 'restore') {
    const flags = parseFlags(rest, { values: ['in'], switches: ['force'] }, BACKUP_USAGE);
    const file = resolve(requiredFlag(flags, 'in', BACKUP_USAGE));
    out.log(await restore(config(), file, flags.switches.has('force')));
    return;
  }
  if (command === undefined || command === 'help') {
    out.log(BACKUP_USAGE);
    return;
  }
  throw new CliError(`Unknown command "${command}".\n\n${BACKUP_USAGE}`, 2);
}
