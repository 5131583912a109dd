/**
 * Applies the SQL migrations drizzle-kit generated into apps/server/drizzle/, with the migrator that
 * matches the driver. Safe to run at every start: applied migrations are recorded and skipped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbConnection } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant shared by every process of this app; pg_advisory_lock takes a bigint. */
const MIGRATION_LOCK_KEY = 7_243_019_551;

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number() })) });

/**
 * True when the newest migration in the journal is already recorded, by the rule Drizzle's migrator
 * itself applies (a migration is pending when its timestamp is newer than the last one applied).
 * Checking first skips loading the migrator, which is a tenth of the start-up time.
 */
async function isUpToDate(db: Database): Promise<boolean> {
  const journal = journalSchema.parse(
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')),
  );
  const newest = Math.max(0, ...journal.entries.map((entry) => entry.when));
  try {
    const result = await db.execute<{ applied: string | number | null }>(
      sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
    );
    return Number(result.rows[0]?.applied ?? 0) >= newest;
  } catch {
    // No migrations table yet: a new database.
    return false;
  }
}

export async function migrateDatabase(connection: DbConnection): Promise<void> {
  if (await isUpToDate(connection.db)) return;
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  // Imported on use, like the drivers themselves (see client.ts).
  if (connection.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(connection.db, config);
    return;
  }
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Several processes may start together on one PostgreSQL: without a lock two of them could apply
  // the same migration at once. An advisory lock is per session, so it and the migration share one client.
  const client = await connection.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client }), config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
