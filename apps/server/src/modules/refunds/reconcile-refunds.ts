/**
 * Settles refunds left `pending` by a crash, a timeout or a lost connection between the gateway's
 * refund and the order's update, by asking the gateway what happened to each (by our refund id),
 * as checkout/reconcile.ts does for orders:
 *   refunded or voided -> succeeded exactly as the request would have (settle-refund.ts, reconciled);
 *   never seen         -> failed (nothing moved; staff may refund again);
 *   gateway down       -> left pending, asked again on the next run.
 * Refunds are claimed first (updated_at moved to now, FOR UPDATE SKIP LOCKED, one statement), so
 * two processes never ask about the same refund at once and no transaction waits on the gateway.
 */
import { and, asc, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import type { MailNotifier } from '#src/modules/mail/worker';
import { GatewayUnavailableError, type PaymentGateway, type RecordedRefund } from '#src/modules/payments/gateway';
import type { AuditActor } from '#src/modules/staff/audit';
import type { Refund } from './refund-repo';
import { settleRefund } from './settle-refund';
import { refunds } from './tables';

/** Longer than a refund request waits for the gateway (payments/create-gateway.ts, 30 s). */
export const DEFAULT_REFUND_PENDING_AGE_MS = 60_000;
/** A claimed refund is left to its claimer this long; then any process may ask again. */
export const REFUND_CLAIM_LEASE_MS = 2 * 60_000;
const BATCH_SIZE = 50;

export const NOT_REFUNDED_MESSAGE = 'Not refunded: the request did not reach the payment gateway.';
export const RECONCILER_ACTOR: AuditActor = { id: null, name: 'reconciler', clientIp: null };

export type ReconcileRefundsOptions = {
  db: Database;
  gateway: PaymentGateway;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  timeZone: string;
  mail?: MailNotifier | undefined;
  /** Only refunds pending at least this long (and not claimed in the last REFUND_CLAIM_LEASE_MS). */
  olderThanMs?: number;
};

export type ReconcileRefundsSummary = { succeeded: number; failed: number; stillPending: number };

function ago(ms: number): SQL {
  return sql`now() - ${sql.raw(`interval '${Math.max(0, Math.floor(ms))} milliseconds'`)}`;
}

/** A pending refund is only ever updated by a claim: `updated_at = created_at` means unclaimed. */
async function claimPendingRefunds(db: Database, olderThanMs: number): Promise<Refund[]> {
  const stale = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        lte(refunds.createdAt, ago(olderThanMs)),
        or(eq(refunds.updatedAt, refunds.createdAt), lte(refunds.updatedAt, ago(REFUND_CLAIM_LEASE_MS))),
      ),
    )
    .orderBy(asc(refunds.createdAt), asc(refunds.id))
    .limit(BATCH_SIZE)
    .for('update', { skipLocked: true });
  return db
    .update(refunds)
    .set({ updatedAt: sql`now()` })
    .where(and(inArray(refunds.id, stale), eq(refunds.status, 'pending')))
    .returning();
}

async function saleOf(db: Database, orderId: string): Promise<string | null> {
  const [order] = await db.select({ transactionId: orders.transactionId }).from(orders).where(eq(orders.id, orderId));
  return order?.transactionId ?? null;
}

export async function reconcilePendingRefunds(options: ReconcileRefundsOptions): Promise<ReconcileRefundsSummary> {
  const { db, gateway, logger, olderThanMs = DEFAULT_REFUND_PENDING_AGE_MS } = options;
  const summary: ReconcileRefundsSummary = { succeeded: 0, failed: 0, stillPending: 0 };
  for (const refund of await claimPendingRefunds(db, olderThanMs)) {
    const transactionId = await saleOf(db, refund.orderId);
    let recorded: RecordedRefund | null = null;
    if (transactionId) {
      try {
        recorded = await gateway.findRefund(refund.id, transactionId);
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        logger.warn({ err: error, refundId: refund.id }, 'refund reconciler: gateway unavailable; left pending');
        summary.stillPending += 1;
        continue;
      }
    }
    if (recorded && recorded.amountCents !== refund.amountCents) {
      // Should never happen; the gateway's book stands (money moved) but an operator must look.
      logger.error(
        { refundId: refund.id, refundCents: refund.amountCents, gatewayCents: recorded.amountCents },
        'refund reconciler: refunded amount differs from the refund',
      );
    }
    const settled = await settleRefund(db, {
      refundId: refund.id,
      outcome: recorded
        ? { status: 'succeeded', kind: recorded.kind, gatewayRefundId: recorded.gatewayRefundId }
        : { status: 'failed', message: NOT_REFUNDED_MESSAGE },
      actor: RECONCILER_ACTOR,
      timeZone: options.timeZone,
      reconciled: true,
    });
    if (!settled) continue;
    summary[recorded ? 'succeeded' : 'failed'] += 1;
    logger.info({ refundId: refund.id, status: settled.status }, 'refund reconciler settled a pending refund');
  }
  if (summary.succeeded > 0) options.mail?.kick();
  return summary;
}
