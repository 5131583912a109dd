/**
 * A fresh, migrated database for one test file.
 *  - TEST_DB=postgres (vitest project `server-postgres`): a new database for this file on the
 *    PostgreSQL server started by test/postgres-global-setup.ts, copied from the migrated template
 *    it made, dropped by `close()`.
 *  - otherwise (`server-pglite`): an in-memory PGlite, loaded from a migrated template cached in the
 *    temp directory (PGlite's initdb takes seconds; loading the template about one).
 *
 *   const testDb = await createTestDb();   // in beforeAll
 *   ... testDb.db ...                      // a Database, as modules receive it
 *   await testDb.close();                  // in afterAll
 *
 * Wrap suites that need a database in `describeWithDb` so they are skipped, loudly, when the
 * PostgreSQL run has no server (initdb missing).
 */
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, inject } from 'vitest';
import { type Database, type DbConnection, openDatabase } from '#src/db/client';
import { MIGRATIONS_FOLDER, migrateDatabase } from '#src/db/migrate';
import { adminQuery, withDatabase } from './postgres-admin';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    postgresTemplate: string;
  }
}

export const usingPostgres = process.env.TEST_DB === 'postgres';

function postgresUrl(): string {
  return usingPostgres ? inject('postgresUrl') : '';
}

/** True when this run is meant for PostgreSQL but the global set-up found no server to start. */
export const postgresMissing = usingPostgres && postgresUrl() === '';
if (postgresMissing) {
  console.warn('\n!!! TEST_DB=postgres but no PostgreSQL server is available: database suites are SKIPPED !!!\n');
}

export const describeWithDb = describe.skipIf(postgresMissing);

export type TestDb = {
  db: Database;
  connection: DbConnection;
  /** PostgreSQL only: the database's URL, for a child process (e.g. main.ts) to use as DATABASE_URL. */
  url?: string;
  close: () => Promise<void>;
};

const TEMPLATE_PREFIX = 'store-pglite-template-';

/** Changes whenever a migration (or PGlite itself) does, so a stale template is never used. */
function templateFile(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json')));
  for (const name of readdirSync(MIGRATIONS_FOLDER)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  // The package's exports hide package.json: find it beside the entry point (dist/index.js).
  hash.update(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))));
  return join(tmpdir(), `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * The template's bytes, read once per worker: server files share their worker's modules (isolate:
 * false), so a worker's files after the first neither read the 43 MB again nor copy them into a new
 * Blob, nor leave that much garbage behind. PGlite only reads a Blob it loads.
 */
let readDump: { file: string; blob: Blob } | undefined;
function templateBlob(file: string): Blob {
  if (readDump?.file !== file) readDump = { file, blob: new Blob([readFileSync(file)]) };
  return readDump.blob;
}

async function migratedPglite(): Promise<DbConnection> {
  const file = templateFile();
  let dump: Blob | undefined;
  try {
    dump = templateBlob(file);
  } catch {
    // First run since the migrations changed: build the template below.
  }
  const connection = await openDatabase({ kind: 'pglite', fromDump: dump });
  await migrateDatabase(connection);
  if (dump === undefined && connection.kind === 'pglite') {
    const tarball = Buffer.from(await (await connection.client.dumpDataDir('none')).arrayBuffer());
    // Older templates are 40 MB each: remove them. Write then rename, so parallel files never read half a file.
    for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith(TEMPLATE_PREFIX) && n.endsWith('.tar'))) {
      if (join(tmpdir(), old) !== file) rmSync(join(tmpdir(), old), { force: true });
    }
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, tarball);
    renameSync(partial, file);
  }
  return connection;
}

/** The migrated template's dump, made first if this run has none yet. */
async function templateDump(): Promise<Blob> {
  if (!existsSync(templateFile())) await (await migratedPglite()).close();
  return templateBlob(templateFile());
}

/**
 * A command's PGlite data directory (DATA_DIR/pglite) for a test to seed or read, migrated. A new
 * one starts from the migrated template, as `npm run restore` writes one, instead of initdb and
 * every migration (about 2 s less). A test that proves a command migrating a fresh directory must
 * let the command make it. PGlite is one process: close it before a command runs.
 */
export async function openPgliteDataDir(dir: string): Promise<DbConnection> {
  const fromDump = existsSync(dir) ? undefined : await templateDump();
  const connection = await openDatabase({ kind: 'pglite', dataDir: dir, fromDump });
  try {
    await migrateDatabase(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return connection;
}

const DATA_DIR_PREFIX = 'store-pglite-datadir-';

/**
 * A new PGlite data directory at `dir`, migrated, for a server process or a command to open: a copy
 * of a migrated directory cached beside the template (made once, from it, by the first caller), as
 * `npm run restore` would leave one. A server's first start on an empty directory pays initdb and
 * every migration: 5.5–6.9 s of CPU to /healthz (median 6.4 s, five starts of the built server),
 * against 2.5–3.2 s (2.6 s) for the copy and a start on it. Only for tests that do not prove the
 * migration of a fresh directory itself: the e2e site (e2e/global-setup.ts), `cli/admin.test.ts`
 * and `main.test.ts` start on an empty one.
 */
export async function seedPgliteDataDir(dir: string): Promise<void> {
  const cached = templateFile()
    .replace(TEMPLATE_PREFIX, DATA_DIR_PREFIX)
    .replace(/\.tar$/, '');
  if (!existsSync(cached)) {
    const partial = `${cached}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await (await openPgliteDataDir(partial)).close();
    try {
      // A directory made by a parallel file first wins: the rename fails onto it, ours goes.
      renameSync(partial, cached);
      for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith(DATA_DIR_PREFIX) && !n.includes('.'))) {
        if (join(tmpdir(), old) !== cached) rmSync(join(tmpdir(), old), { recursive: true, force: true });
      }
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  cpSync(cached, dir, { recursive: true });
}

export async function createTestDb(): Promise<TestDb> {
  if (!usingPostgres) {
    const connection = await migratedPglite();
    return { db: connection.db, connection, close: () => connection.close() };
  }
  const adminUrl = postgresUrl();
  if (adminUrl === '') throw new Error('TEST_DB=postgres but no PostgreSQL server: wrap the suite in describeWithDb');
  // Unique per file (and per call), so test files run in parallel without sharing tables.
  const name = `test_${randomBytes(6).toString('hex')}`;
  // A copy of the migrated template the global set-up made (tens of milliseconds); migrations
  // still run below, and find nothing left to do unless the template is missing.
  const template = inject('postgresTemplate');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = withDatabase(adminUrl, name);
  const connection = await openDatabase({ kind: 'postgres', url });
  try {
    await migrateDatabase(connection);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    db: connection.db,
    connection,
    url,
    close: async () => {
      try {
        await connection.close();
      } finally {
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      }
    },
  };
}
