/**
 * The sandbox gateway's book of refunds and voids (sandbox_refunds, issue 21), mirroring Braintree:
 * a sale counts as settled `settlementSeconds` after its capture (derived from created_at); before,
 * it can only be voided whole; after, refunded in part or whole. Never more than the sale in total.
 * Idempotent by our refund id (request_id, unique): asking again answers the first result.
 *
 * A short transaction, not one statement: the sale's row lock makes two refunds of one sale
 * (different request ids, two processes) take turns, and each statement after the lock sees the
 * other's committed refund, so their sum can never pass the sale's amount.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { RecordedRefund, RefundInput, RefundOutcome, SaleSettlement } from '../gateway';
import { sandboxRefunds, sandboxTransactions } from './sandbox-tables';

type RefundRow = typeof sandboxRefunds.$inferSelect;

export const NOT_SETTLED_MESSAGE =
  'The payment has not settled yet: it can be voided whole now, or refunded in part once it has settled.';

/** Braintree-like ids, as the ledger's sales have. */
function refundTransactionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

function settledSql(settlementSeconds: number) {
  return sql<boolean>`${sandboxTransactions.createdAt} <= now() - make_interval(secs => ${settlementSeconds})`;
}

export function toRecordedRefund(row: RefundRow): RecordedRefund {
  // A void keeps the sale's id at Braintree; the sandbox does the same.
  return {
    kind: row.kind,
    gatewayRefundId: row.kind === 'void' ? row.transactionId : row.id,
    amountCents: row.amountCents,
  };
}

function succeeded(row: RefundRow): RefundOutcome {
  const { kind, gatewayRefundId } = toRecordedRefund(row);
  return { status: 'succeeded', kind, gatewayRefundId };
}

export async function findSandboxRefund(db: Database, refundId: string): Promise<RefundRow | null> {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.requestId, refundId));
  return row ?? null;
}

/** Null when the ledger has no approved sale with this id. */
export async function sandboxSettlement(
  db: Database,
  transactionId: string,
  settlementSeconds: number,
): Promise<SaleSettlement | null> {
  const [sale] = await db
    .select({ settled: settledSql(settlementSeconds) })
    .from(sandboxTransactions)
    .where(and(eq(sandboxTransactions.id, transactionId), eq(sandboxTransactions.status, 'submitted_for_settlement')));
  if (!sale) return null;
  return sale.settled ? 'settled' : 'unsettled';
}

export async function recordSandboxRefund(
  db: Database,
  input: RefundInput,
  settlementSeconds: number,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .select({
        id: sandboxTransactions.id,
        amountCents: sandboxTransactions.amountCents,
        settled: settledSql(settlementSeconds),
      })
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.id, input.transactionId),
          eq(sandboxTransactions.status, 'submitted_for_settlement'),
        ),
      )
      .for('update');
    if (!sale) return { status: 'failed', message: 'The payment to refund was not found.' };
    const [earlier] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.requestId, input.refundId));
    if (earlier) return succeeded(earlier);
    const [done] = await tx
      .select({ cents: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.transactionId, sale.id));
    const refunded = done?.cents ?? 0;
    if (refunded + input.amountCents > sale.amountCents) {
      return { status: 'failed', message: 'The refund is more than what is left of the payment.' };
    }
    const whole = input.wholeSale && refunded === 0 && input.amountCents === sale.amountCents;
    if (!sale.settled && !whole) return { status: 'failed', message: NOT_SETTLED_MESSAGE, reason: 'not_settled' };
    const [row] = await tx
      .insert(sandboxRefunds)
      .values({
        id: refundTransactionId(),
        requestId: input.refundId,
        transactionId: sale.id,
        kind: sale.settled ? 'refund' : 'void',
        amountCents: input.amountCents,
      })
      .returning();
    if (!row) throw new Error('the sandbox refund was not written');
    return succeeded(row);
  });
}
