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
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

async function migratedPglite(): Promise<DbConnection> {
  const file = templateFile();
  let dump: Blob | undefined;
  try {
    dump = new Blob([readFileSync(file)]);
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
  return new Blob([readFileSync(templateFile())]);
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
