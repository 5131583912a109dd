/**
 * Statements the checkout runs several times a second, prepared once per database: Drizzle then
 * builds the SQL text once instead of on every call (its query building was ~15% of a checkout's
 * server CPU in a profile), and PostgreSQL parses and plans a named statement once per connection.
 * Values go in as named placeholders (`sql.placeholder('x')`), filled at execution.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const dialect = new PgDialect();

/** `build` runs once per database (tests open many; a prepared query belongs to one). */
export function oncePerDatabase<Prepared>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const cache = new WeakMap<Database, Prepared>();
  return (db) => {
    let prepared = cache.get(db);
    if (!prepared) {
      prepared = build(db);
      cache.set(db, prepared);
    }
    return prepared;
  };
}

export type PreparedRaw<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };

function rowsOf(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows;
  }
  throw new Error('The database answered a statement without rows');
}

/**
 * A hand-written statement (a WITH ... of several writes) prepared as Drizzle prepares its own
 * builders. Its rows come back as the statement names its columns; `Row` states them, as
 * `db.execute<Row>` would.
 */
export function prepareRaw<Row>(db: Database, name: string, statement: SQL): PreparedRaw<Row> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    async execute(values) {
      return rowsOf(await prepared.execute(values)) as Row[];
    },
  };
}
