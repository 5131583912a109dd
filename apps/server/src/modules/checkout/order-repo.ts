/** The pending insert the checkout makes before calling the gateway, and its Idempotency-Key lookup. */
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { oncePerDatabase } from '#src/db/prepared';
import {
  type DeclineSubject,
  declineValues,
  type NewOrder,
  type Order,
  orderColumnDefault,
  orders,
} from '#src/modules/ledger/index';
import { declineWaitSeconds } from './decline-limit';

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

/**
 * The pending insert and the card-testing claim in ONE statement: one round trip per checkout on
 * its common path (a new key, a donor below the limit). The row is inserted only if the donor's
 * claim (decline-limit.ts `declineWaitSeconds`, which `findOrderAndDeclineWait` also reads) is 0,
 * and only if its Idempotency-Key is free. The claim locks the donor's address and e-mail until this
 * statement commits and counts the pending orders of earlier claims, so concurrent checkouts of one
 * donor cannot pass the limit together (docs/architecture.md, "Card-testing defence").
 */
const insertPendingOrderBelowDeclineLimitQuery = oncePerDatabase((db) => {
  const values = Object.entries(getTableColumns(orders)).map(([key, column]) => pendingOrderValue(key, column));
  return db
    .insert(orders)
    .select(sql`select ${sql.join(values, sql`, `)} where ${declineWaitSeconds()} = 0`)
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning()
    .prepare('checkout_insert_pending_order_below_limit');
});

/**
 * Inserts the order as `pending` if its donor (its client address and e-mail) has a place below the
 * decline limit and its Idempotency-Key is free; otherwise returns null, and
 * `findOrderAndDeclineWait` says which. The unique key decides, in the database, which of many simultaneous requests with one key
 * may charge the card.
 */
export async function insertPendingOrderBelowDeclineLimit(
  db: Database,
  values: PendingOrderValues & { clientIp: string },
): Promise<Order | null> {
  const filled = Object.fromEntries(PENDING_ORDER_FIELDS.map((field) => [field, values[field] ?? null]));
  filled.test = values.test ?? false;
  // Only the checkout of a Canadian gift without the donor's address says otherwise (prepare-order.ts).
  filled.receiptAwaitsAddress = values.receiptAwaitsAddress ?? false;
  // Before entities every order was the US foundation's, in dollars: a caller that names none still is.
  filled.currency = values.currency ?? 'USD';
  filled.entityKey = values.entityKey ?? 'us';
  const [order] = await insertPendingOrderBelowDeclineLimitQuery(db).execute({
    ...filled,
    ...declineValues({ clientIp: values.clientIp, email: values.email }),
  });
  return order ?? null;
}

const findOrderAndDeclineWaitQuery = oncePerDatabase((db) =>
  db
    .select({ order: orders, declineWaitSeconds: declineWaitSeconds() })
    .from(sql`(select 1) as one`)
    .leftJoin(orders, eq(orders.idempotencyKey, sql.placeholder('key')))
    .prepare('checkout_find_order_and_decline_wait'),
);

/**
 * The order already placed under this Idempotency-Key, if any, and the card-testing verdict for this
 * donor (seconds to wait, 0, or ATTEMPTS_IN_FLIGHT), in one statement: why `insertPendingOrderBelowDeclineLimit` inserted nothing (a retry, a
 * request racing another with its key, or a card tester), and a round trip is most of what a small
 * query costs.
 */
export async function findOrderAndDeclineWait(
  db: Database,
  key: string,
  subject: DeclineSubject,
): Promise<{ order: Order | null; declineWaitSeconds: number }> {
  const [row] = await findOrderAndDeclineWaitQuery(db).execute({ key, ...declineValues(subject) });
  return { order: row?.order ?? null, declineWaitSeconds: row?.declineWaitSeconds ?? 0 };
}
