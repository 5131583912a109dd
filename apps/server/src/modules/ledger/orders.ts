/** The ledger's orders as rows: their types, the reads every flow shares, and a column's default. */
import { eq, is, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { orders } from './tables';

export type Order = typeof orders.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;

/**
 * An orders column's default as a SELECT may write it (an INSERT ... SELECT cannot say DEFAULT):
 * the schema's SQL default or value, else null. Also used by the monthly billing run's claim.
 */
export function orderColumnDefault(key: string, column: AnyPgColumn): SQL {
  if (column.defaultFn || column.onUpdateFn) {
    throw new Error(`orders.${key}: a default computed in JavaScript cannot go in a statement prepared once`);
  }
  if (column.default === undefined) return sql`null`;
  return is(column.default, SQL) ? column.default : sql`${sql.param(column.default, column)}`;
}

export async function findOrderByIdempotencyKey(db: Database, key: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
  return order ?? null;
}

export async function findOrderById(db: Database, id: string): Promise<Order | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order ?? null;
}
