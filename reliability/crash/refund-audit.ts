/**
 * The refund books after crashes (issue 21), read from the database: per paid order, what the
 * sandbox gateway refunded (sandbox_refunds), what the order says (orders.refunded_cents) and what
 * our refunds say (refunds, succeeded) must be the same number; no refund is pending; each succeeded
 * refund has exactly one corrected receipt, and a failed one none and no money at the gateway; and
 * each corrected order's deductible part is its latest corrected receipt's (written in the refund's
 * settling transaction, so a crash leaves both or neither).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

export type OrderRefundBooks = {
  orderId: string;
  amountCents: number;
  refundedCents: number;
  ledgerCents: number;
  succeededCents: number;
  refunds: number;
  pending: number;
  corrections: number;
  succeeded: number;
};

export type RefundAudit = {
  orders: number;
  refunds: number;
  pending: number;
  reconciled: number;
  /** Orders whose three books do not agree to the cent. */
  disagreements: OrderRefundBooks[];
  /** Succeeded refunds without exactly one correction, failed ones with a correction or a gateway row. */
  correctionProblems: string[];
  /** More refunded than paid anywhere (the check constraint makes it impossible on the order). */
  overRefunded: string[];
  ledgerCents: number;
  refundedCents: number;
  /** Orders whose deductible part is not their latest corrected receipt's. */
  deductibleMismatches: string[];
};

export async function readRefundBooks(db: Database): Promise<OrderRefundBooks[]> {
  const { rows } = await db.execute<OrderRefundBooks>(sql`
    select o.id as "orderId", o.amount_cents as "amountCents", o.refunded_cents as "refundedCents",
      (select coalesce(sum(r.amount_cents), 0) from sandbox_refunds r where r.transaction_id = o.transaction_id)::int as "ledgerCents",
      (select coalesce(sum(f.amount_cents), 0) from refunds f where f.order_id = o.id and f.status = 'succeeded')::int as "succeededCents",
      (select count(*) from refunds f where f.order_id = o.id)::int as refunds,
      (select count(*) from refunds f where f.order_id = o.id and f.status = 'pending')::int as pending,
      (select count(*) from refunds f where f.order_id = o.id and f.status = 'succeeded')::int as succeeded,
      (select count(*) from receipt_corrections c where c.order_id = o.id)::int as corrections
    from orders o where o.status = 'succeeded' order by o.created_at, o.id`);
  return rows.map((row) => ({ ...row }));
}

type RefundCheck = { id: string; status: string; corrections: number; ledger: number; reconciled: boolean };

export async function auditRefunds(db: Database): Promise<RefundAudit> {
  const books = await readRefundBooks(db);
  const { rows } = await db.execute<RefundCheck>(sql`
    select f.id, f.status, f.reconciled,
      (select count(*) from receipt_corrections c where c.idempotency_key = 'refund:' || f.id::text)::int as corrections,
      (select count(*) from sandbox_refunds s where s.request_id = f.id::text)::int as ledger
    from refunds f`);
  const mismatches = await db.execute<{ id: string }>(sql`
    select o.id from orders o
    join lateral (select c.deductible_cents from receipt_corrections c where c.order_id = o.id
      order by c.version desc limit 1) latest on true
    where o.deductible_cents is distinct from latest.deductible_cents`);
  const correctionProblems: string[] = [];
  for (const refund of rows) {
    const ok =
      refund.status === 'succeeded'
        ? refund.corrections === 1 && refund.ledger === 1
        : refund.corrections === 0 && (refund.status === 'pending' || refund.ledger === 0);
    if (!ok)
      correctionProblems.push(
        `${refund.id}: ${refund.status}, ${refund.corrections} corrections, ${refund.ledger} at the gateway`,
      );
  }
  return {
    orders: books.length,
    refunds: rows.length,
    pending: rows.filter((r) => r.status === 'pending').length,
    reconciled: rows.filter((r) => r.reconciled).length,
    disagreements: books.filter(
      (b) => b.ledgerCents !== b.refundedCents || b.succeededCents !== b.refundedCents || b.corrections !== b.succeeded,
    ),
    correctionProblems,
    overRefunded: books.filter((b) => b.ledgerCents > b.amountCents).map((b) => b.orderId),
    ledgerCents: books.reduce((sum, b) => sum + b.ledgerCents, 0),
    refundedCents: books.reduce((sum, b) => sum + b.refundedCents, 0),
    deductibleMismatches: mismatches.rows.map((row) => row.id),
  };
}
