/**
 * Settles orders left `pending` by a crash, a timeout or a lost database connection between the
 * charge and its record, by asking the gateway what happened to each (by our order id):
 *   charged       -> succeeded, with the gateway's transaction id (and the receipt);
 *   refused       -> failed;
 *   never seen    -> failed, 'Not charged: ...' (nothing moved, the donor may pay again);
 *   gateway down  -> left pending, asked again on the next run.
 * Orders are claimed before the gateway is asked (their updated_at moved to now, in one statement
 * with FOR UPDATE SKIP LOCKED), so two processes on one PostgreSQL never ask about the same order
 * at once, and no transaction stays open while the gateway answers.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import { claimStalePendingOrders, settleOrder } from '#src/modules/ledger/index';
import type { MailNotifier } from '#src/modules/mail/worker';
import {
  GatewayUnavailableError,
  type PaymentGateway,
  type RecordedSale,
  type SaleOutcome,
} from '#src/modules/payments/gateway';

/** Older than the longest a checkout waits for the gateway (payments/create-gateway.ts), with room to spare. */
export const DEFAULT_PENDING_AGE_MS = 60_000;
const BATCH_SIZE = 50;
/** A claimed order is left to its claimer this long; then another run (any process) may ask again. */
export const CLAIM_LEASE_MS = 2 * 60_000;

export const NOT_CHARGED_MESSAGE = 'Not charged: the payment did not reach the gateway.';
const DECLINED_MESSAGE = 'Payment was declined.';

export type ReconcileOptions = {
  db: Database;
  gateway: PaymentGateway;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How a paid order's receipt is numbered (receipts/receipt-number.ts `receiptSettings`). */
  receipts: ReceiptSettings;
  /** Told when receipts were queued, so they go out now. */
  mail?: MailNotifier | undefined;
  /** Only orders pending for at least this long (and not claimed by a run in the last CLAIM_LEASE_MS). */
  olderThanMs?: number;
};

export type ReconcileSummary = { succeeded: number; failed: number; stillPending: number };

function outcomeOf(sale: RecordedSale | null): SaleOutcome {
  if (!sale) return { status: 'failed', message: NOT_CHARGED_MESSAGE };
  if (sale.succeeded) {
    return {
      status: 'succeeded',
      transactionId: sale.transactionId,
      processor: sale.processor ?? { code: '', text: '' },
    };
  }
  const failed: SaleOutcome = { status: 'failed', transactionId: sale.transactionId, message: DECLINED_MESSAGE };
  if (sale.processor) failed.processor = sale.processor;
  return failed;
}

export async function reconcilePendingOrders(options: ReconcileOptions): Promise<ReconcileSummary> {
  const { db, gateway, logger, mail, olderThanMs = DEFAULT_PENDING_AGE_MS } = options;
  const summary: ReconcileSummary = { succeeded: 0, failed: 0, stillPending: 0 };
  const claimed = await claimStalePendingOrders(db, { olderThanMs, leaseMs: CLAIM_LEASE_MS, limit: BATCH_SIZE });
  for (const order of claimed) {
    let sale: RecordedSale | null;
    try {
      sale = await gateway.findSaleByOrderId(order.id);
    } catch (error) {
      if (!(error instanceof GatewayUnavailableError)) throw error;
      logger.warn({ err: error, orderId: order.id }, 'reconciler: gateway unavailable; order left pending');
      summary.stillPending += 1;
      continue;
    }
    if (sale?.succeeded && sale.amountCents !== order.amountCents) {
      // Should never happen; the charge stands (money moved) but an operator must look.
      logger.error(
        { orderId: order.id, orderCents: order.amountCents, chargedCents: sale.amountCents },
        'reconciler: charged amount differs from the order',
      );
    }
    const outcome = outcomeOf(sale);
    const settled = await settleOrder({ db, logger, order, outcome, reconciled: true, receipts: options.receipts });
    if (!settled) continue; // The checkout request recorded it in the meantime.
    summary[outcome.status] += 1;
    logger.info(
      { orderId: order.id, status: outcome.status, transactionId: sale?.transactionId },
      'reconciler settled a pending order',
    );
  }
  if (summary.succeeded > 0) mail?.kick();
  return summary;
}
