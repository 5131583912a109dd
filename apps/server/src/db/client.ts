/**
 * Opens the database: embedded PGlite (DATABASE_URL unset; a directory, or memory for tests) or a
 * PostgreSQL server through a `pg` pool. Both are Drizzle `PgDatabase`s, so modules take a
 * `Database` and never know which one they got.
 *
 * The databases carry no schema: nothing uses Drizzle's relational queries (`db.query.x`), and a
 * schema here would make this file import every module's tables while the modules import it (a
 * cycle). Each module imports its own tables; drizzle-kit reads them all from ../../drizzle-schema.ts.
 */
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { acquirePgliteLock } from './pglite-lock';
import { statementLogging } from './statement-log';

/**
 * The result shape both drivers share for raw `db.execute(sql...)`: `rows`. (pg's QueryResult and
 * PGlite's Results both have it; the plain PgQueryResultHKT would make every raw result `unknown`.)
 */
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  type: QueryRows<this['row']>;
}
type QueryRows<Row> = { rows: Row[] };

/** What modules receive. Both drivers' databases satisfy it. */
export type Database = PgDatabase<RowsQueryResultHKT>;

/** An open database and the means to migrate (migrate.ts needs the concrete driver) and close it. */
export type DbConnection =
  | { kind: 'pglite'; db: PgliteDatabase; client: PGlite; close: () => Promise<void> }
  | { kind: 'postgres'; db: NodePgDatabase; pool: Pool; close: () => Promise<void> };

export type OpenDatabaseOptions =
  | {
      kind: 'pglite';
      /** Unset: an in-memory database (tests). */
      dataDir?: string | undefined;
      /**
       * Start from a `dumpDataDir()` tarball instead of running initdb (~1 s vs ~5 s): in memory
       * (tests), or into a new data directory (`npm run restore`).
       */
      fromDump?: Blob | undefined;
    }
  | { kind: 'postgres'; url: string };

/** Closing twice (a signal during a failed start, a test cleaning up) must not throw. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}

/**
 * Each driver is imported only when used: loading both costs ~0.3 s of start-up, and start-up time
 * matters (a restart is downtime with a single process).
 */
export async function openDatabase(options: OpenDatabaseOptions, logger?: Pick<Logger, 'warn'>): Promise<DbConnection> {
  if (options.kind === 'postgres') {
    const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.url,
      application_name: 'donation-store',
      // Without a timeout a request waits forever when the server is unreachable; /healthz must answer.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (server restart, failover) emits 'error' on the pool;
    // unhandled, that would crash the process. The pool replaces the client on the next query.
    pool.on('error', (error) => logger?.warn({ err: error }, 'idle PostgreSQL connection failed'));
    const db = drizzleNodePg({ client: pool, ...statementLogging('postgres') });
    return { kind: 'postgres', db, pool, close: once(() => pool.end()) };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm backs the payment report's "contains" search (a migration creates it): a bundled extension
  // PGlite must load before the migration can create it, or a database using it can open.
  const extensions = { pg_trgm };
  const logging = statementLogging('pglite');
  const drizzleOver = (client: PGlite) => drizzlePglite({ client, ...logging });
  if (options.dataDir === undefined) {
    const client = await PGlite.create(
      options.fromDump ? { loadDataDir: options.fromDump, extensions } : { extensions },
    );
    return { kind: 'pglite', db: drizzleOver(client), client, close: once(() => client.close()) };
  }
  mkdirSync(options.dataDir, { recursive: true });
  // PGlite is single-process: a second server on the same directory would corrupt it. Refuse instead.
  const releaseLock = acquirePgliteLock(options.dataDir);
  try {
    const client = await PGlite.create(
      options.dataDir,
      options.fromDump ? { loadDataDir: options.fromDump, extensions } : { extensions },
    );
    const close = once(async () => {
      try {
        await client.close();
      } finally {
        releaseLock();
      }
    });
    return { kind: 'pglite', db: drizzleOver(client), client, close };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
