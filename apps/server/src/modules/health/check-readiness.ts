/**
 * Whether this process should be sent traffic (GET /healthz/ready): its database answers, this
 * build's migrations are applied (a `web` replica of a newer build waits for the migrate step), and
 * it is not shutting down.
 */
import type { Database } from '#src/db/client';
import { migrationsApplied } from '#src/db/migrate';
import { checkDatabase } from './check-database';

export type Readiness = {
  database: 'ok' | 'unreachable';
  migrations: 'applied' | 'pending' | 'unknown';
  shuttingDown: boolean;
};

export async function checkReadiness(
  db: Database,
  shuttingDown: () => boolean,
  onDatabaseError: (error: unknown) => void,
): Promise<Readiness> {
  try {
    await checkDatabase(db);
  } catch (error) {
    onDatabaseError(error);
    return { database: 'unreachable', migrations: 'unknown', shuttingDown: shuttingDown() };
  }
  const applied = await migrationsApplied(db);
  return { database: 'ok', migrations: applied ? 'applied' : 'pending', shuttingDown: shuttingDown() };
}

export function isReady(readiness: Readiness): boolean {
  return readiness.database === 'ok' && readiness.migrations === 'applied' && !readiness.shuttingDown;
}
