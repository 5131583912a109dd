/**
 * What a gateway notification changes in our books. Braintree tells us later about things that
 * happen after the sale: a settlement the processor declined (the money never arrived) and disputes
 * (chargebacks). A declined settlement fails the order; a dispute is logged for the treasurer, who
 * answers it in Braintree's control panel; anything else is only logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { failPaidOrder } from '#src/modules/ledger/index';
import type { WebhookEvent } from '#src/modules/payments/gateway';

export const SETTLEMENT_DECLINED_MESSAGE = 'Settlement declined by the card processor: the payment was not collected.';

export type AppliedEvent = 'order_failed' | 'logged';

export async function applyPaymentEvent(
  db: Database,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  event: WebhookEvent,
): Promise<AppliedEvent> {
  const about = { kind: event.kind, transactionId: event.transactionId, orderId: event.orderId };
  if (event.kind === 'transaction_settlement_declined' && event.transactionId) {
    const updated = await failPaidOrder(db, {
      transactionId: event.transactionId,
      failureMessage: SETTLEMENT_DECLINED_MESSAGE,
    });
    logger.warn({ ...about, updatedOrders: updated.length }, 'payment webhook: settlement declined');
    return updated.length > 0 ? 'order_failed' : 'logged';
  }
  if (event.kind.startsWith('dispute_')) {
    logger.warn(about, 'payment webhook: dispute; answer it in the Braintree control panel');
    return 'logged';
  }
  logger.info(about, 'payment webhook received');
  return 'logged';
}
