/**
 * The sandbox gateway's book of charges (sandbox_transactions): one row per order, whatever the
 * outcome, as Braintree keeps a transaction for a declined sale too. The unique order_id is what
 * makes a second charge for one order impossible, even from two processes at once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { RecordedSale, SaleOutcome } from '../gateway';
import type { SaleDecision } from './sandbox-outcomes';
import { sandboxTransactions } from './sandbox-tables';

export type LedgerRow = typeof sandboxTransactions.$inferSelect;

/** Shown for a declined sale; the processor's own code and text are kept on the order. */
export const DECLINED_MESSAGE = 'Payment was declined by the card issuer.';

/** Braintree-like transaction ids: short, lower-case letters and digits. 36^10 makes a clash negligible. */
function transactionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** Writes the sale, or returns null when this order already has one (the caller reads that one). */
export async function insertSale(
  db: Database,
  { orderId, amountCents, decision }: { orderId: string; amountCents: number; decision: SaleDecision },
): Promise<LedgerRow | null> {
  const [row] = await db
    .insert(sandboxTransactions)
    .values({
      id: transactionId(),
      orderId,
      amountCents,
      status: decision.approved ? 'submitted_for_settlement' : 'processor_declined',
      processorCode: decision.processor.code,
      processorText: decision.processor.text,
    })
    .onConflictDoNothing({ target: sandboxTransactions.orderId })
    .returning();
  return row ?? null;
}

export async function findSale(db: Database, orderId: string): Promise<LedgerRow | null> {
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.orderId, orderId));
  return row ?? null;
}

export function toSaleOutcome(row: LedgerRow): SaleOutcome {
  const processor = { code: row.processorCode, text: row.processorText };
  return row.status === 'submitted_for_settlement'
    ? { status: 'succeeded', transactionId: row.id, processor }
    : { status: 'failed', transactionId: row.id, processor, message: DECLINED_MESSAGE };
}

export function toRecordedSale(row: LedgerRow): RecordedSale {
  return {
    transactionId: row.id,
    amountCents: row.amountCents,
    succeeded: row.status === 'submitted_for_settlement',
    processor: { code: row.processorCode, text: row.processorText },
  };
}
