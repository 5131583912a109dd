/**
 * The checkout's pending order, written BEFORE the gateway is called, as ONE prepared INSERT ...
 * SELECT: its caller's guard (the checkout's card-testing claim) goes in the SELECT's WHERE, so the
 * guard and the insert cost one round trip. The guard is the caller's SQL, not imported: the ledger
 * imports none of its flows (decision 0041), and the limit is the checkout's rule.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { oncePerDatabase } from '#src/db/prepared';
import { type NewOrder, type Order, orderColumnDefault } from './orders';
import { orders } from './tables';

/** What the checkout knows of an order before it is charged. */
const PENDING_ORDER_FIELDS = [
  'id',
  'idempotencyKey',
  'requestHash',
  'amountCents',
  'currency',
  'entityKey',
  'giftAid',
  'homeRate',
  'homeAmountCents',
  'centerId',
  'centerName',
  'firstName',
  'lastName',
  'studentName',
  'email',
  'mobile',
  'delivery',
  'products',
  'itemCount',
  'gateway',
  'test',
  'clientIp',
  'userId',
  'deductibleCents',
  'donorAddress',
  'receiptAwaitsAddress',
  'locale',
  'feeCoveredCents',
  'tribute',
  'matchingEmployer',
] as const satisfies readonly (keyof NewOrder)[];

export type PendingOrderValues = Pick<NewOrder, (typeof PENDING_ORDER_FIELDS)[number]>;

const PENDING_FIELDS: ReadonlySet<string> = new Set(PENDING_ORDER_FIELDS);

/**
 * What the pending order's SELECT gives `column`: the checkout's value as a placeholder (encoded by
 * the column, as `.values()` would), `pending` for the status, else the column's default. Drizzle's
 * INSERT ... SELECT names every column of the table, and a SELECT cannot say DEFAULT, so the
 * defaults are taken from the schema (the migrations are generated from the same schema).
 */
function pendingOrderValue(key: string, column: AnyPgColumn): SQL {
  // A jsonb column's null placeholder is encoded as the JSON text 'null': stored as SQL NULL, so
  // `is null` (an order without Gift Aid, delivery or address) means what it says.
  if (PENDING_FIELDS.has(key) && column.columnType === 'PgJsonb') {
    return sql`nullif(${sql.param(sql.placeholder(key), column)}, 'null'::jsonb)`;
  }
  if (PENDING_FIELDS.has(key)) return sql`${sql.param(sql.placeholder(key), column)}`;
  if (column === orders.status) return sql`${sql.param('pending', column)}`;
  return orderColumnDefault(key, column);
}

export type PendingOrderInsert = (
  db: Database,
  values: PendingOrderValues,
  /** The values of the placeholders `onlyIf` names. */
  guardValues: Record<string, unknown>,
) => Promise<Order | null>;

/**
 * The pending insert, prepared once per database under `name`: the row is inserted only if
 * `onlyIf` holds (a prepared statement's text, its values coming in as `guardValues`) and only if
 * its Idempotency-Key is free, else the insert returns null. The unique key decides, in the
 * database, which of many simultaneous requests with one key may charge the card.
 */
export function preparePendingOrderInsert(name: string, onlyIf: SQL): PendingOrderInsert {
  const query = oncePerDatabase((db) => {
    const values = Object.entries(getTableColumns(orders)).map(([key, column]) => pendingOrderValue(key, column));
    return db
      .insert(orders)
      .select(sql`select ${sql.join(values, sql`, `)} where ${onlyIf}`)
      .onConflictDoNothing({ target: orders.idempotencyKey })
      .returning()
      .prepare(name);
  });
  return async (db, values, guardValues) => {
    const filled = Object.fromEntries(PENDING_ORDER_FIELDS.map((field) => [field, values[field] ?? null]));
    filled.test = values.test ?? false;
    // Only the checkout of a Canadian gift without the donor's address says otherwise (prepare-order.ts).
    filled.receiptAwaitsAddress = values.receiptAwaitsAddress ?? false;
    // Before entities every order was the US foundation's, in dollars: a caller that names none still is.
    filled.currency = values.currency ?? 'USD';
    filled.entityKey = values.entityKey ?? 'us';
    // A caller that names no language wrote in English, as every order did before languages.
    filled.locale = values.locale ?? 'en';
    // No fee covered unless the checkout says so (processing-fee.ts).
    filled.feeCoveredCents = values.feeCoveredCents ?? 0;
    const [order] = await query(db).execute({ ...filled, ...guardValues });
    return order ?? null;
  };
}
