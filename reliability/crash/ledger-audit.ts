/**
 * The books after a crash test, read straight from the database: our orders against the sandbox
 * gateway's own ledger (sandbox_transactions), and the receipts queued for them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client';

export type OrderRow = {
  id: string;
  idempotencyKey: string;
  status: 'pending' | 'succeeded' | 'failed';
  amountCents: number;
  transactionId: string | null;
  reconciled: boolean;
  /** Issue 20: the receipt number the settlement gave it, and its place in its year. */
  receiptNumber: string | null;
  receiptYear: number | null;
  receiptSeq: number | null;
  /** A Canadian gift paid without the donor's address: its official receipt is numbered when that is added. */
  receiptAwaitsAddress: boolean;
  /** Its entity (whose series numbers it), its currency and its center (decision 0040). */
  entityKey: string;
  currency: string;
  centerId: number;
};

/** Each center's entity and currency in config/site.json: Toronto is the Canadian charity's, London the UK's. */
const ENTITY_OF_CENTER: Readonly<Record<number, { entityKey: string; currency: string }>> = {
  7: { entityKey: 'ca', currency: 'CAD' },
  8: { entityKey: 'uk', currency: 'GBP' },
};
const US_ENTITY = { entityKey: 'us', currency: 'USD' };

export type LedgerRow = { id: string; orderId: string; amountCents: number; approved: boolean };

export type Books = {
  orders: Map<string, OrderRow>;
  /** Ledger rows by order id (a list: the test must be able to see a second charge if there were one). */
  ledger: Map<string, LedgerRow[]>;
  /** Receipts queued per order id. */
  receipts: Map<string, number>;
};

export async function readBooks(db: Database): Promise<Books> {
  const orders = await db.execute<{
    id: string;
    idempotency_key: string;
    status: OrderRow['status'];
    amount_cents: number;
    transaction_id: string | null;
    reconciled: boolean;
    receipt_number: string | null;
    receipt_year: number | null;
    receipt_seq: number | null;
    receipt_awaits_address: boolean;
    entity_key: string;
    currency: string;
    center_id: number;
  }>(
    sql`select id, idempotency_key, status, amount_cents, transaction_id, reconciled, receipt_number, receipt_year, receipt_seq, receipt_awaits_address, entity_key, currency, center_id from orders`,
  );
  const ledger = await db.execute<{ id: string; order_id: string; amount_cents: number; status: string }>(
    sql`select id, order_id, amount_cents, status from sandbox_transactions`,
  );
  const receipts = await db.execute<{ subject_id: string; n: number }>(
    sql`select subject_id, count(*)::int as n from mail_outbox where kind = 'receipt' group by subject_id`,
  );
  const books: Books = { orders: new Map(), ledger: new Map(), receipts: new Map() };
  for (const o of orders.rows) {
    books.orders.set(o.id, {
      id: o.id,
      idempotencyKey: o.idempotency_key,
      status: o.status,
      amountCents: Number(o.amount_cents),
      transactionId: o.transaction_id,
      reconciled: o.reconciled,
      receiptNumber: o.receipt_number,
      receiptYear: o.receipt_year === null ? null : Number(o.receipt_year),
      receiptSeq: o.receipt_seq === null ? null : Number(o.receipt_seq),
      receiptAwaitsAddress: o.receipt_awaits_address === true,
      entityKey: o.entity_key,
      currency: o.currency,
      centerId: Number(o.center_id),
    });
  }
  for (const l of ledger.rows) {
    const row = {
      id: l.id,
      orderId: l.order_id,
      amountCents: Number(l.amount_cents),
      approved: l.status === 'submitted_for_settlement',
    };
    books.ledger.set(l.order_id, [...(books.ledger.get(l.order_id) ?? []), row]);
  }
  for (const r of receipts.rows) books.receipts.set(r.subject_id, Number(r.n));
  return books;
}

export type Audit = {
  orders: number;
  succeeded: number;
  failed: number;
  pending: number;
  reconciled: number;
  /** Orders the gateway charged more than once, and idempotency keys with more than one charge. */
  doubleCharges: number;
  /** Charges in the ledger whose order is not `succeeded` (money taken, order not recorded), and the reverse. */
  disagreements: string[];
  succeededCents: number;
  chargedCents: number;
  receiptProblems: string[];
  /**
   * Issue 20: receipt numbers that break the rule "per year, 1 … N without a gap or a duplicate,
   * on paid orders only" (a crash between the counter and the order must leave neither).
   */
  numberingProblems: string[];
};

/**
 * Each entity's series: every year's numbers exactly 1 … N over its paid orders; unpaid orders have
 * none. And every order is its center's entity's, in its currency, whatever crashed.
 */
export function auditReceiptNumbers(orders: Iterable<OrderRow>): string[] {
  const problems: string[] = [];
  const byYear = new Map<string, number[]>();
  for (const order of orders) {
    const expected = ENTITY_OF_CENTER[order.centerId] ?? US_ENTITY;
    if (order.entityKey !== expected.entityKey || order.currency !== expected.currency) {
      problems.push(`order ${order.id} at center ${order.centerId} is ${order.entityKey} in ${order.currency}`);
    }
    if (order.status !== 'succeeded') {
      if (order.receiptNumber !== null)
        problems.push(`${order.status} order ${order.id} has number ${order.receiptNumber}`);
      continue;
    }
    if (order.receiptAwaitsAddress) {
      if (order.receiptNumber !== null)
        problems.push(`order ${order.id} awaits an address but has ${order.receiptNumber}`);
      continue;
    }
    if (order.receiptYear === null || order.receiptSeq === null) {
      problems.push(`paid order ${order.id} has no receipt number`);
      continue;
    }
    const series = `${order.entityKey} ${order.receiptYear}`;
    byYear.set(series, [...(byYear.get(series) ?? []), order.receiptSeq]);
  }
  for (const [year, seqs] of byYear) {
    const sorted = [...seqs].sort((a, b) => a - b);
    sorted.forEach((seq, i) => {
      if (seq !== i + 1)
        problems.push(
          `${year}: number ${i + 1} is ${seq === sorted[i - 1] ? 'given twice' : `missing (next is ${seq})`}`,
        );
    });
  }
  return problems.slice(0, 20);
}

/** Compares the two books order by order and in total. */
export function auditBooks(books: Books): Audit {
  const disagreements: string[] = [];
  const receiptProblems: string[] = [];
  let doubleCharges = 0;
  let succeededCents = 0;
  let chargedCents = 0;
  const chargesPerKey = new Map<string, number>();
  for (const [orderId, rows] of books.ledger) {
    const approved = rows.filter((r) => r.approved);
    if (rows.length > 1) doubleCharges += 1;
    chargedCents += approved.reduce((sum, r) => sum + r.amountCents, 0);
    const order = books.orders.get(orderId);
    if (!order) {
      disagreements.push(`ledger row for unknown order ${orderId}`);
      continue;
    }
    chargesPerKey.set(order.idempotencyKey, (chargesPerKey.get(order.idempotencyKey) ?? 0) + approved.length);
  }
  doubleCharges += [...chargesPerKey.values()].filter((n) => n > 1).length;
  for (const order of books.orders.values()) {
    const approved = (books.ledger.get(order.id) ?? []).filter((r) => r.approved);
    if (order.status === 'succeeded') {
      succeededCents += order.amountCents;
      const charge = approved[0];
      if (!charge) disagreements.push(`order ${order.id} succeeded without a charge`);
      else if (charge.amountCents !== order.amountCents || charge.id !== order.transactionId) {
        disagreements.push(
          `order ${order.id}: ${order.amountCents} / ${order.transactionId} vs charge ${charge.amountCents} / ${charge.id}`,
        );
      }
      const receipts = books.receipts.get(order.id) ?? 0;
      if (receipts !== 1) receiptProblems.push(`order ${order.id} has ${receipts} receipts`);
    } else if (approved.length > 0) {
      disagreements.push(`order ${order.id} is ${order.status} but was charged`);
    }
  }
  const statuses = [...books.orders.values()].map((o) => o.status);
  return {
    numberingProblems: auditReceiptNumbers(books.orders.values()),
    orders: books.orders.size,
    succeeded: statuses.filter((s) => s === 'succeeded').length,
    failed: statuses.filter((s) => s === 'failed').length,
    pending: statuses.filter((s) => s === 'pending').length,
    reconciled: [...books.orders.values()].filter((o) => o.reconciled).length,
    doubleCharges,
    disagreements,
    succeededCents,
    chargedCents,
    receiptProblems,
  };
}

/**
 * When the reconciler may settle what is still pending: `afterSeconds` after an order was written (60
 * in production; the server's TEST_RECONCILE_AFTER_SECONDS), or 2 minutes after a reconciler run
 * claimed it (apps/server/src/modules/checkout/reconcile.ts). In the database's clock, as epoch ms.
 */
export const reconcilableAt =
  (afterSeconds: number) =>
  async (db: Database): Promise<{ pending: number; at: number }> => {
    const result = await db.execute<{ pending: number; at: number | null }>(sql`
    select count(*)::int as pending,
      (extract(epoch from max(case when updated_at = created_at then created_at + make_interval(secs => ${afterSeconds})
                                    else updated_at + interval '120 seconds' end)) * 1000)::float8 as at
    from orders where status = 'pending'`);
    const row = result.rows[0];
    return { pending: Number(row?.pending ?? 0), at: Number(row?.at ?? 0) };
  };
