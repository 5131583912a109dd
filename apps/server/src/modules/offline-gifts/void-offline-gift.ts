/**
 * A mistaken offline gift is voided, never deleted (issue 21): the order stays, its whole amount
 * counts as taken back (refunded_cents, so totals, the CSV and statements drop it), and the donor
 * gets a void receipt, all in one transaction with the audit line. Card orders are refunded through
 * the gateway instead (refunds/refund-order.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { issueReceiptCorrectionIn, orders, recordRefundedCents } from '#src/modules/ledger/index';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';

export async function voidOfflineGift(
  db: Database,
  { orderId, reason, actor, timeZone }: { orderId: string; reason: string; actor: AuditActor; timeZone: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order?.status !== 'succeeded') {
      throw new AppError('not_found', 'There is no paid order with this id.', { fields: { id: 'No such order' } });
    }
    if (order.source !== 'offline') {
      throw new AppError(
        'conflict',
        'Only an offline gift is voided here; a card payment is refunded or voided through the gateway.',
      );
    }
    if (order.refundedCents >= order.amountCents) throw new AppError('conflict', 'This gift is already void.');
    await recordRefundedCents(tx, orderId, order.amountCents);
    const correction = await issueReceiptCorrectionIn(tx, {
      orderId,
      refundedCents: order.amountCents,
      reason,
      idempotencyKey: `void-offline:${orderId}`,
      timeZone,
      voidReceipt: true,
    });
    await recordAudit(tx, {
      actor,
      action: 'offline-gift.void',
      targetType: 'order',
      targetId: orderId,
      before: { refundedCents: order.refundedCents },
      after: { refundedCents: order.amountCents, receipt: correction.receiptNumber, reason },
    });
  });
}
