/**
 * Orders written from rows the caller selects, in ONE INSERT ... SELECT: the billing run's claim
 * writes a batch of due monthly gifts' pending orders this way, so however many runs go at once a
 * gift is locked, read and charged in one statement. The row source and each column's SQL are the
 * caller's: the ledger imports none of its flows (decision 0041).
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { type Order, orderColumnDefault } from './orders';
import { orders } from './tables';

export type OrdersFromRows = {
  /** A column's value for each row of `from`; undefined: the column's default. */
  valueOfColumn: (key: keyof Order, column: AnyPgColumn) => SQL | undefined;
  /** The rows, as the FROM clause names them (`(select ...) g`). */
  from: SQL;
};

/** The orders written; a row whose order conflicts with one already there writes nothing. */
export async function insertOrdersFromRows(db: Database, { valueOfColumn, from }: OrdersFromRows): Promise<Order[]> {
  const values = Object.entries(getTableColumns(orders)).map(
    ([key, column]) => valueOfColumn(key as keyof Order, column) ?? orderColumnDefault(key, column),
  );
  return db
    .insert(orders)
    .select(sql`select ${sql.join(values, sql`, `)} from ${from}`)
    .onConflictDoNothing()
    .returning();
}
