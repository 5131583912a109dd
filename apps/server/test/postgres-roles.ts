/**
 * deploy/postgres-roles.sql run as an operator runs it (psql, as a superuser, on the store's
 * database): the migrate role that owns the schema and the app role that only reads and writes rows.
 * For the roles test (src/db/database-roles.test.ts) and the image test (test/image).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export const ROLES_SQL = join(import.meta.dirname, '../../../deploy/postgres-roles.sql');

export type PostgresRoles = { migrateRole: string; appRole: string; migrateUrl: string; appUrl: string };

/** True where psql can be run (it comes with PostgreSQL's client tools, beside initdb). */
export function psqlFound(): boolean {
  return spawnSync('psql', ['--version']).status === 0;
}

/** A URL of the same server and database for another user. */
export function asUser(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = password;
  return parsed.toString();
}

/** Names (with `suffix`, so parallel runs do not collide) and passwords for the two roles. */
export function newRoles(databaseUrl: string, suffix: string): PostgresRoles & { passwords: [string, string] } {
  const migrateRole = `store_migrate_${suffix}`;
  const appRole = `store_app_${suffix}`;
  const migratePassword = randomBytes(12).toString('hex');
  const appPassword = randomBytes(12).toString('hex');
  return {
    migrateRole,
    appRole,
    migrateUrl: asUser(databaseUrl, migrateRole, migratePassword),
    appUrl: asUser(databaseUrl, appRole, appPassword),
    passwords: [migratePassword, appPassword],
  };
}

/** Runs the script as `adminDatabaseUrl`'s user; throws with psql's output when it fails. */
export function applyRolesSql(adminDatabaseUrl: string, roles: ReturnType<typeof newRoles>): void {
  const [migratePassword, appPassword] = roles.passwords;
  const run = spawnSync(
    'psql',
    [
      adminDatabaseUrl,
      '-q',
      '-v',
      `migrate_role=${roles.migrateRole}`,
      '-v',
      `migrate_password=${migratePassword}`,
      '-v',
      `app_role=${roles.appRole}`,
      '-v',
      `app_password=${appPassword}`,
      '-f',
      ROLES_SQL,
    ],
    { encoding: 'utf8' },
  );
  if (run.status !== 0 || run.stderr !== '') {
    throw new Error(`deploy/postgres-roles.sql failed (exit ${run.status}):\n${run.stderr}${run.stdout}`);
  }
}
