/**
 * The database a server child process runs on, in this run's flavour (TEST_DB):
 *  - pglite: a fresh DATA_DIR whose `pglite` directory is already migrated, copied from the migrated
 *    data directory the tests cache (apps/server/test/test-db.ts, `seedPgliteDataDir`): a first start
 *    on an empty one pays initdb and every migration, 2–7 s of a loaded 2-core machine per file,
 *    and what it proves (the built server migrating an empty directory) the e2e site's start proves.
 *    PGlite is single-process, so the test opens it only while no server runs (`withDb`).
 *  - postgres: a fresh database on the run's PostgreSQL server (apps/server/test/test-db.ts), which
 *    the test may query at any time, beside the server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../apps/server/src/db/client';
import { openDatabase } from '../../apps/server/src/db/client';
import { createTestDb, seedPgliteDataDir, usingPostgres } from '../../apps/server/test/test-db';

export type ServerDatabase = {
  kind: 'pglite' | 'postgres';
  /** DATA_DIR for the server: PGlite files (pglite only), the e-mail outbox, the initial password. */
  dataDir: string;
  /** DATABASE_URL for the server (postgres only). */
  databaseUrl: string | undefined;
  /** Runs `fn` against the database. On PGlite the server must not be running. */
  withDb: <T>(fn: (db: Database) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
};

export async function createServerDatabase(): Promise<ServerDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'reliability-'));
  if (!usingPostgres) {
    await seedPgliteDataDir(join(dataDir, 'pglite'));
    return {
      kind: 'pglite',
      dataDir,
      databaseUrl: undefined,
      withDb: async (fn) => {
        const connection = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
        try {
          return await fn(connection.db);
        } finally {
          await connection.close();
        }
      },
      close: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const testDb = await createTestDb();
  return {
    kind: 'postgres',
    dataDir,
    databaseUrl: testDb.url,
    withDb: (fn) => fn(testDb.db),
    close: async () => {
      try {
        await testDb.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
