/**
 * Moves a pending refund to its end state with what the gateway said, in ONE transaction with all
 * that follows from it (DESIGN.md "Money and orders"): on success the order's refunded_cents (the
 * report's triggers follow it), the corrected or void receipt and its outbox mail, and an audit
 * line; on refusal the failure and an audit line. Used by the refund request and by the refund
 * reconciler, so both settle a refund the same way; whoever comes second finds it settled and
 * changes nothing (the row lock and the `pending` check), so a refund is counted exactly once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { issueReceiptCorrectionIn, orders, receiptCorrections, recordRefundedCents } from '#src/modules/ledger/index';
import type { RefundOutcome } from '#src/modules/payments/gateway';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import type { Refund } from './refund-repo';
import { refunds } from './tables';

export type SettleRefundInput = {
  refundId: string;
  outcome: RefundOutcome;
  actor: AuditActor;
  /** The foundation's zone, for the corrected receipt's number of an order settled before issue 20. */
  timeZone: string;
  /** Set by the refund reconciler: settled after the fact, by asking the gateway. */
  reconciled?: boolean;
};

/** The refund as settled, or null when it was not pending any more (someone else settled it). */
export async function settleRefund(db: Database, input: SettleRefundInput): Promise<Refund | null> {
  const { outcome } = input;
  return db.transaction(async (tx) => {
    const [pending] = await tx.select().from(refunds).where(eq(refunds.id, input.refundId));
    if (pending?.status !== 'pending') return null;
    // The order first, then the refund: the same order of locks as the request's first transaction.
    const [order] = await tx.select().from(orders).where(eq(orders.id, pending.orderId)).for('update');
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, input.refundId), eq(refunds.status, 'pending')))
      .for('update');
    if (!order || !refund) return null;
    const reconciled = input.reconciled ?? false;
    if (outcome.status === 'failed') {
      const [failed] = await tx
        .update(refunds)
        .set({ status: 'failed', failureMessage: outcome.message, reconciled, updatedAt: sql`now()` })
        .where(eq(refunds.id, refund.id))
        .returning();
      await recordAudit(tx, {
        actor: input.actor,
        action: 'refund.fail',
        targetType: 'order',
        targetId: order.id,
        after: { refundId: refund.id, amountCents: refund.amountCents, message: outcome.message },
      });
      return failed ?? null;
    }
    const refundedCents = order.refundedCents + refund.amountCents;
    await recordRefundedCents(tx, order.id, refundedCents);
    // A receipt voided already (issued in error) is not corrected again: the money still moved, so
    // the refund must settle rather than fail on the correction and stay pending for ever.
    const [voided] = await tx
      .select({ id: receiptCorrections.id })
      .from(receiptCorrections)
      .where(and(eq(receiptCorrections.orderId, order.id), eq(receiptCorrections.kind, 'void')));
    const correction = voided
      ? null
      : await issueReceiptCorrectionIn(tx, {
          orderId: order.id,
          refundedCents,
          reason: refund.reason,
          idempotencyKey: `refund:${refund.id}`,
          timeZone: input.timeZone,
        });
    const [succeeded] = await tx
      .update(refunds)
      .set({
        status: 'succeeded',
        kind: outcome.kind,
        gatewayRefundId: outcome.gatewayRefundId,
        correctionId: correction?.id ?? null,
        reconciled,
        updatedAt: sql`now()`,
      })
      .where(eq(refunds.id, refund.id))
      .returning();
    await recordAudit(tx, {
      actor: input.actor,
      action: outcome.kind === 'void' ? 'refund.void' : 'refund.refund',
      targetType: 'order',
      targetId: order.id,
      before: { refundedCents: order.refundedCents },
      after: {
        refundedCents,
        refundId: refund.id,
        gatewayRefundId: outcome.gatewayRefundId,
        correction: correction?.receiptNumber ?? null,
      },
    });
    return succeeded ?? null;
  });
}
