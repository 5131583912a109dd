/**
 * A corrected or void receipt for a paid order (issue 20; the back office issues one for each
 * refund). It keeps the original number with a suffix (`2026-000123-C1`, `2026-000123-V2`), says
 * what it replaces, and goes to the donor through the outbox, written in the same transaction.
 * Idempotent by the caller's key: issuing the same correction again returns the first one. The
 * order's deductible_cents moves to the correction's in the same transaction, so the back office,
 * the donor page, the report, its CSV and the statements read one figure; the first receipt is
 * still written from the order's lines (receipt-document.ts).
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { queueMail } from '#src/modules/mail/outbox';
import { deductibleCents, withFeeLine } from '#src/modules/receipts/deductible';
import { RECEIPT_CORRECTION_KIND } from './receipt-kind';
import { legacyReceiptNumber } from './receipt-number';
import type { ReceiptCorrection } from './tables';
import { orders, receiptCorrections } from './tables';

export type ReceiptCorrectionInput = {
  orderId: string;
  /** All that has been refunded of this order so far, in cents; the whole amount makes it void. */
  refundedCents: number;
  /** Said on the receipt: 'Partial refund of the concert tier'. */
  reason: string;
  idempotencyKey: string;
  /** The foundation's zone, for the number of an order settled before issue 20. */
  timeZone: string;
  /** Void the receipt whatever was refunded (a receipt issued in error). */
  voidReceipt?: boolean;
};

/** What the correction needs of a connection: a transaction the caller holds, or the database. */
export type CorrectionWriter = Pick<Database, 'select' | 'insert' | 'update'>;

export async function issueReceiptCorrection(db: Database, input: ReceiptCorrectionInput): Promise<ReceiptCorrection> {
  checkReason(input.reason);
  return db.transaction((tx) => issueReceiptCorrectionIn(tx, input));
}

function checkReason(text: string): string {
  const reason = text.trim();
  if (!reason || reason.length > 500) {
    throw new AppError('validation_error', 'reason: say why the receipt is corrected (at most 500 characters)', {
      fields: { reason: 'Required, at most 500 characters' },
    });
  }
  return reason;
}

/**
 * The same, inside the caller's transaction (a refund's settling transaction, issue 21): the
 * correction, its mail and the money row commit together or not at all.
 */
export async function issueReceiptCorrectionIn(
  tx: CorrectionWriter,
  input: ReceiptCorrectionInput,
): Promise<ReceiptCorrection> {
  const reason = checkReason(input.reason);
  const [earlier] = await tx
    .select()
    .from(receiptCorrections)
    .where(eq(receiptCorrections.idempotencyKey, input.idempotencyKey));
  if (earlier) return earlier;
  // The order's row lock: two corrections of one order take versions one after the other.
  const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
  if (order?.status !== 'succeeded') {
    throw new AppError('not_found', `orderId: no paid order ${input.orderId}`, {
      fields: { orderId: 'No paid order with this id' },
    });
  }
  if (
    !Number.isSafeInteger(input.refundedCents) ||
    input.refundedCents < 0 ||
    input.refundedCents > order.amountCents
  ) {
    throw new AppError('validation_error', 'refundedCents: between 0 and the amount paid', {
      fields: { refundedCents: `Between 0 and ${order.amountCents}` },
    });
  }
  const before = await tx
    .select({ kind: receiptCorrections.kind })
    .from(receiptCorrections)
    .where(eq(receiptCorrections.orderId, order.id));
  if (before.some((c) => c.kind === 'void')) {
    throw new AppError('conflict', `orderId: the receipt of order ${order.id} is already void`);
  }
  const version = before.length + 1;
  const kept = order.amountCents - input.refundedCents;
  const kind = input.voidReceipt || kept === 0 ? 'void' : 'corrected';
  const base = order.receiptNumber ?? legacyReceiptNumber(order, input.timeZone);
  const [correction] = await tx
    .insert(receiptCorrections)
    .values({
      id: randomUUID(),
      orderId: order.id,
      kind,
      version,
      receiptNumber: `${base}-${kind === 'void' ? 'V' : 'C'}${version}`,
      amountCents: kind === 'void' ? 0 : kept,
      deductibleCents: kind === 'void' ? 0 : deductibleCents(kept, withFeeLine(order.products, order.feeCoveredCents)),
      reason,
      idempotencyKey: input.idempotencyKey,
    })
    .returning();
  if (!correction) throw new Error('the correction was not written');
  await tx
    .update(orders)
    .set({ deductibleCents: correction.deductibleCents, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  await queueMail(tx, { kind: RECEIPT_CORRECTION_KIND, subjectId: correction.id });
  return correction;
}
