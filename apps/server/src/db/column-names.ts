/**
 * Unqualified column names for hand-written statements (INSERT column lists, UPDATE ... SET, CTEs),
 * where Drizzle's `${table.column}` would render `"table"."column"`. Taken from the schema's column
 * objects, so a renamed column breaks the type check rather than the query.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export function columnName(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(column.name)}`;
}

/** `"a", "b", "c"` */
export function columnNames(...columns: AnyPgColumn[]): SQL {
  return sql.join(columns.map(columnName), sql`, `);
}
