/**
 * The migrations run as the schema's owner. With two roles (deploy/postgres-roles.sql), DATABASE_URL's
 * may only read and write rows, so the migrations open MIGRATE_DATABASE_URL's connection for as long
 * as they take; with one URL, the connection the process already has migrates, as before.
 */
import { type DbConnection, openDatabase } from './client';
import { migrateDatabase, migrationsApplied } from './migrate';

export async function migrateAsOwner(connection: DbConnection, migrateUrl: string | undefined): Promise<void> {
  if (migrateUrl === undefined) return migrateDatabase(connection);
  // Up to date (every start but a deploy's first): no second connection at all.
  if (await migrationsApplied(connection.db)) return;
  const owner = await openDatabase({ kind: 'postgres', url: migrateUrl });
  try {
    await migrateDatabase(owner);
  } finally {
    await owner.close();
  }
}
