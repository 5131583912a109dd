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
import { statementLogging } from './statement-log';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant shared by every process of this app; pg_advisory_lock takes a bigint. */
const MIGRATION_LOCK_KEY = 7_243_019_551;

const journalSchema = z.object({ entries: z.array(z.object({ when: z.number() })) });

/** How often a `web` or `worker` process looks again while it waits for the migrate step. */
const WAIT_POLL_MS = 2_000;

let newestMigration: number | undefined;

/** The timestamp of the newest migration this build ships (read once: the files do not change). */
function newestMigrationInBuild(): number {
  newestMigration ??= Math.max(
    0,
    ...journalSchema
      .parse(JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')))
      .entries.map((entry) => entry.when),
  );
  return newestMigration;
}

/**
 * True when the newest migration in the journal is already recorded, by the rule Drizzle's migrator
 * itself applies (a migration is pending when its timestamp is newer than the last one applied).
 * Checking first skips loading the migrator, which is a tenth of the start-up time. A database
 * migrated by a newer build counts as up to date (an older replica keeps serving during a deploy).
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const newest = newestMigrationInBuild();
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

/**
 * For the `web` and `worker` roles, which never change the schema: resolves once the migrate step
 * (`npm run migrate`, the image's `migrate` role) has applied this build's migrations. `onWaiting`
 * is called at the first wait and then about every 30 s, so the operator learns what is missing.
 */
export async function waitForMigrations(db: Database, onWaiting: () => void, pollMs = WAIT_POLL_MS): Promise<void> {
  const remindEvery = Math.max(1, Math.round(30_000 / pollMs));
  for (let attempt = 0; !(await migrationsApplied(db)); attempt += 1) {
    if (attempt % remindEvery === 0) onWaiting();
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export async function migrateDatabase(connection: DbConnection): Promise<void> {
  if (await migrationsApplied(connection.db)) return;
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
      await migrate(drizzle({ client, ...statementLogging('postgres') }), config);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
