/**
 * A command's database: opened from the server's settings (a failure is the operator's to fix, said
 * in one line), migrated as the server would at start, closed when `use` is done.
 */
import type { Config } from '#src/config';
import { openDatabase } from '#src/db/client';
import { migrateAsOwner } from '#src/db/migrate-as-owner';
import { CliError } from './cli-error';

type Connection = Awaited<ReturnType<typeof openDatabase>>;

export async function withMigratedDatabase<T>(config: Config, use: (connection: Connection) => Promise<T>): Promise<T> {
  let connection: Connection;
  try {
    connection = await openDatabase(config.database);
  } catch (error) {
    throw new CliError(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    await migrateAsOwner(connection, config.migrateDatabaseUrl);
    return await use(connection);
  } finally {
    await connection.close();
  }
}
