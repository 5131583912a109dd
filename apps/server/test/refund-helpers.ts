/**
 * Refund tests (issue 21): a paid sandbox order made through the real checkout, the sale aged past
 * the sandbox's settlement delay when a test needs it settled, and the books the audit compares.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '#src/db/client';
import { sandboxTransactions } from '#src/modules/payments/gateways/sandbox-tables';
import { checkoutBody, postCheckout, sandboxNonce } from './checkout-helpers';
import { type SignedInStaff, staffCall } from './staff-helpers';

export type PaidOrder = { orderId: string; transactionId: string; amountCents: number };

/** A $35.00 order (checkoutBody's default bucket), paid at the sandbox. */
export async function paidOrder(app: FastifyInstance, email = 'asha@example.org'): Promise<PaidOrder> {
  const res = await postCheckout(app, {
    body: checkoutBody(await sandboxNonce(app), undefined, email),
  });
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const { orderId, transactionId } = res.json<{ orderId: string; transactionId: string }>();
  return { orderId, transactionId, amountCents: 3500 };
}

/** Ages the sale past any settlement delay: the sandbox then refunds instead of voiding. */
export async function settleSale(db: Database, transactionId: string): Promise<void> {
  await db
    .update(sandboxTransactions)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(sandboxTransactions.id, transactionId));
}

export function postRefund(
  app: FastifyInstance,
  staff: SignedInStaff | undefined,
  orderId: string,
  body: object,
  key: string | null = randomUUID(),
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return staffCall(app, staff, 'POST', `/api/staff/orders/${orderId}/refunds`, body, {
    ...(key === null ? {} : { 'idempotency-key': key }),
    ...headers,
  });
}

export type RefundBooks = {
  refunds: number;
  pending: number;
  succeededCents: number;
  ledgerRows: number;
  ledgerCents: number;
  refundedCents: number;
  corrections: number;
  correctionMails: number;
};

/** One order's refunds as each book holds them: ours, the sandbox's, the order's and the receipts'. */
export async function refundBooks(db: Database, orderId: string): Promise<RefundBooks> {
  const { rows } = await db.execute<RefundBooks>(sql`
    select
      (select count(*) from refunds where order_id = ${orderId})::int as refunds,
      (select count(*) from refunds where order_id = ${orderId} and status = 'pending')::int as pending,
      (select coalesce(sum(amount_cents), 0) from refunds where order_id = ${orderId} and status = 'succeeded')::int as "succeededCents",
      (select count(*) from sandbox_refunds r join sandbox_transactions s on s.id = r.transaction_id
        where s.order_id = ${orderId})::int as "ledgerRows",
      (select coalesce(sum(r.amount_cents), 0) from sandbox_refunds r join sandbox_transactions s on s.id = r.transaction_id
        where s.order_id = ${orderId})::int as "ledgerCents",
      (select refunded_cents from orders where id = ${orderId})::int as "refundedCents",
      (select count(*) from receipt_corrections where order_id = ${orderId})::int as corrections,
      (select count(*) from mail_outbox m join receipt_corrections c on c.id::text = m.subject_id
        where c.order_id = ${orderId})::int as "correctionMails"`);
  const row = rows[0];
  if (!row) throw new Error('no books');
  return { ...row };
}
