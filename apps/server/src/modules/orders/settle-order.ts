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

/** Returns the settled order, or null when it was not pending (someone else settled it first). */
export async function settleOrder(options: SettleOrderOptions): Promise<Order | null> {
  const { db, site, logger, orderId, outcome, reconciled = false, countDecline = false } = options;
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
    if (order.status === 'succeeded') {
      try {
        // In a savepoint: a receipt that cannot be queued is logged, and never fails the payment.
        await tx.transaction(async (savepoint) => {
          await queueMail(savepoint, renderReceipt({ order, site }));
        });
      } catch (error) {
        logger.error({ err: error, orderId }, 'receipt could not be queued');
      }
    } else if (countDecline && order.clientIp) {
      await recordDecline(tx, { clientIp: order.clientIp, email: order.email });
    }
    return order;
  });
}
