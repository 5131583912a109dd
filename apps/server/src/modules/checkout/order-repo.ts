/**
 * The checkout's pending insert (the ledger's, guarded by the card-testing claim) and its
 * Idempotency-Key lookup.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { oncePerDatabase } from '#src/db/prepared';
import {
  type DeclineSubject,
  declineValues,
  type Order,
  orders,
  type PendingOrderValues,
  preparePendingOrderInsert,
} from '#src/modules/ledger/index';
import { declineWaitSeconds } from './decline-limit';

/**
 * The pending insert and the card-testing claim in ONE statement: one round trip per checkout on
 * its common path (a new key, a donor below the limit). The ledger's insert takes the row only if
 * the donor's claim (decline-limit.ts `declineWaitSeconds`, which `findOrderAndDeclineWait` also
 * reads) is 0, and only if its Idempotency-Key is free. The claim locks the donor's address and
 * e-mail until this statement commits and counts the pending orders of earlier claims, so concurrent
 * checkouts of one donor cannot pass the limit together (docs/architecture.md, "Card-testing defence").
 */
const insertPendingOrderBelowLimit = preparePendingOrderInsert(
  'checkout_insert_pending_order_below_limit',
  sql`${declineWaitSeconds()} = 0`,
);

/**
 * Inserts the order as `pending` if its donor (its client address and e-mail) has a place below the
 * decline limit and its Idempotency-Key is free; otherwise returns null, and
 * `findOrderAndDeclineWait` says which.
 */
export async function insertPendingOrderBelowDeclineLimit(
  db: Database,
  values: PendingOrderValues & { clientIp: string },
): Promise<Order | null> {
  return insertPendingOrderBelowLimit(db, values, declineValues({ clientIp: values.clientIp, email: values.email }));
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
