/**
 * Statements about databases rather than in one (create, drop), on a PostgreSQL server's admin URL,
 * each on a connection of its own: the test databases (test-db.ts) and the migrated template they
 * are copied from (test/postgres-global-setup.ts).
 */
import pg from 'pg';

/** The same server's URL, naming another database. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
