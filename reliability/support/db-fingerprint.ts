/**
 * "The database is unchanged" made checkable: for every table of every schema (ours, Drizzle's
 * migration journal, anything a future migration adds), its row count and an md5 over its rows in
 * a fixed order. Two fingerprints are equal only if no row was added, removed or altered.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

export type TableFingerprint = { rows: number; md5: string | null };
export type DbFingerprint = Record<string, TableFingerprint>;

export async function fingerprint(db: Database): Promise<DbFingerprint> {
  const tables = await db.execute<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name
    from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const result: DbFingerprint = {};
  for (const { schema, name } of tables.rows) {
    const table = sql`${sql.identifier(schema)}.${sql.identifier(name)}`;
    const summary = await db.execute<{ rows: number; md5: string | null }>(
      sql`select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as md5 from ${table} t`,
    );
    const row = summary.rows[0];
    if (!row) throw new Error(`no summary for ${schema}.${name}`);
    result[`${schema}.${name}`] = { rows: Number(row.rows), md5: row.md5 };
  }
  return result;
}

/** Tables whose rows differ, except those listed in `allowed` (by bare or schema-qualified name). */
export function changedTables(before: DbFingerprint, after: DbFingerprint, allowed: readonly string[] = []): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => {
    if (allowed.includes(name) || allowed.includes(name.slice(name.indexOf('.') + 1))) return false;
    const a = before[name];
    const b = after[name];
    return a?.rows !== b?.rows || a?.md5 !== b?.md5;
  });
}
