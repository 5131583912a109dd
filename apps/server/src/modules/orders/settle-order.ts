/**
 * Moves a pending order to `succeeded` or `failed` with what the gateway said, in ONE transaction
 * with what follows from it: the receipt queued in the mail outbox on success, the decline counted
 * for the card-testing defence on failure. Used by the checkout and by the reconciler, so both
 * settle an order the same way. After it returns, the answer it stored is committed.
 */
import type { Site } from '@store/shared/site';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { queueMail } from '../mail/outbox';
import { renderReceipt } from '../mail/receipt';
import type { SaleOutcome } from '../payments/gateway';
import { recordDecline } from './decline-limit';
import type { Order } from './order-repo';
import { orders, type StoredAnswer } from './tables';

export type SettleOrderOptions = {
  db: Database;
  site: Site;
  logger: Pick<FastifyBaseLogger, 'error'>;
  orderId: string;
  outcome: SaleOutcome;
  /** Set by the reconciler: the order was settled after the fact, by asking the gateway. */
  reconciled?: boolean;
  /** Count a failure towards the card-testing limit (a visitor's attempt, not a reconciliation). */
  countDecline?: boolean;
};

function answerFor(orderId: string, outcome: SaleOutcome): StoredAnswer {
  return outcome.status === 'succeeded'
    ? { success: true, transactionId: outcome.transactionId, orderId }
    : { success: false, message: outcome.message, orderId };
}

/**
 * Which rows may take this outcome: a pending order; and, for a success, also an order the reconciler
 * marked failed as "not charged" because the gateway had not (yet) seen the sale. The gateway's
 * success is the stronger evidence: money moved, and the books must say so.
 */
function settleable(orderId: string, outcome: SaleOutcome) {
  const pending = eq(orders.status, 'pending');
  const notChargedVerdict = and(eq(orders.status, 'failed'), eq(orders.reconciled, true), isNull(orders.transactionId));
  return and(eq(orders.id, orderId), outcome.status === 'succeeded' ? or(pending, notChargedVerdict) : pending);
}

/** Thrown inside the transaction to roll it back when the receipt cannot be queued. */
class ReceiptNotQueued extends Error {}

function settleInTransaction(options: SettleOrderOptions, withReceipt: boolean): Promise<Order | null> {
  const { db, site, orderId, outcome, reconciled = false, countDecline = false } = options;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({
        status: outcome.status,
        transactionId: outcome.transactionId ?? null,
        processorCode: outcome.processor?.code ?? null,
        processorText: outcome.processor?.text ?? null,
        failureMessage: outcome.status === 'failed' ? outcome.message : null,
        answer: answerFor(orderId, outcome),
        reconciled,
        updatedAt: sql`now()`,
      })
      .where(settleable(orderId, outcome))
      .returning();
    if (!order) return null;
    if (order.status === 'succeeded' && withReceipt) {
      try {
        await queueMail(tx, renderReceipt({ order, site }));
      } catch (error) {
        throw new ReceiptNotQueued('receipt could not be queued', { cause: error });
      }
    } else if (order.status === 'failed' && countDecline && order.clientIp) {
      await recordDecline(tx, { clientIp: order.clientIp, email: order.email });
    }
    return order;
  });
}

/**
 * Returns the settled order, or null when it was not pending (someone else settled it first).
 * A receipt that cannot be queued never fails the payment: the outcome is then recorded again,
 * without it, and the failure logged. (Not a savepoint around the receipt: that cost every checkout
 * two more round trips to the database for a failure that almost never happens.)
 */
export async function settleOrder(options: SettleOrderOptions): Promise<Order | null> {
  try {
    return await settleInTransaction(options, true);
  } catch (error) {
    if (!(error instanceof ReceiptNotQueued)) throw error;
    options.logger.error({ err: error.cause, orderId: options.orderId }, 'receipt could not be queued');
    return settleInTransaction(options, false);
  }
}
