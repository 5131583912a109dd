/**
 * Moves a pending order to `succeeded` or `failed` with what the gateway said, in ONE statement with
 * what follows from it: the receipt queued in the mail outbox on success (by reference: its kind and
 * the order id; the mail worker writes it when it sends it, receipt-renderer.ts), the decline counted for
 * the card-testing defence on failure. One statement is atomic on its own, and costs one round trip
 * and one commit instead of a four-statement transaction (bench/BENCHMARKS.md "Checkout
 * throughput"). Used by the checkout and by the reconciler, so both settle an order the same way.
 * After it returns, the answer it stored is committed.
 */
import { type PaymentMethodKind, paymentMethodLabel } from '@store/shared/payment-methods';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { oncePerDatabase, prepareRaw } from '#src/db/prepared';
import { queuedMailValues, queueMailStatement } from '#src/modules/mail/outbox';
import type { SaleOutcome } from '#src/modules/payments/gateway';
import type { Order } from './orders';
import { declineValues, recordDeclineStatement } from './payment-declines';
import { RECEIPT_KIND } from './receipt-kind';
import {
  RECEIPT_SEQ_DIGITS,
  type ReceiptSettings,
  receiptSeries,
  receiptYear,
  takeReceiptNumber,
} from './receipt-number';
import { orders, type StoredAnswer } from './tables';

export type SettleOrderOptions = {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** The order as it was read before the gateway was asked. */
  order: Order;
  outcome: SaleOutcome;
  /** Set by the reconciler: the order was settled after the fact, by asking the gateway. */
  reconciled?: boolean;
  /** Count a failure towards the card-testing limit (a visitor's attempt, not a reconciliation). */
  countDecline?: boolean;
  /**
   * Issue 20: a paid order takes the next receipt number of its year (the foundation's zone, from
   * the order's date) in its entity's series, with the prefixes of site.json.
   */
  receipts: ReceiptSettings;
};

/**
 * 'Visa ending in 1111', 'PayPal', 'Apple Pay, Visa ending in 8886': what a receipt may say of how
 * the gift was paid, never more (payment-methods.ts `paymentMethodLabel`). An outcome
 * without a kind is a card's (the reconciler's, which knows no card: null, as before).
 */
function paymentMethodOf(outcome: SaleOutcome): {
  paymentMethod: string | null;
  paymentKind: PaymentMethodKind | null;
} {
  if (outcome.status !== 'succeeded') return { paymentMethod: null, paymentKind: null };
  const kind = outcome.kind ?? 'card';
  if (kind === 'card' && !outcome.card) return { paymentMethod: null, paymentKind: outcome.kind ?? null };
  return { paymentMethod: paymentMethodLabel(kind, outcome.card), paymentKind: kind };
}

function answerFor(orderId: string, outcome: SaleOutcome): StoredAnswer {
  return outcome.status === 'succeeded'
    ? { success: true, transactionId: outcome.transactionId, orderId }
    : { success: false, message: outcome.message, orderId };
}

/**
 * Which rows may take this outcome: a pending order; and, for a success, also an order the reconciler
 * marked failed as "not charged" because the gateway had not (yet) seen the sale. The gateway's
 * success is the stronger evidence: money moved, and the books must say so.
 */
function settleable(succeeded: boolean) {
  const pending = eq(orders.status, 'pending');
  const notChargedVerdict = and(eq(orders.status, 'failed'), eq(orders.reconciled, true), isNull(orders.transactionId));
  return and(eq(orders.id, sql.placeholder('orderId')), succeeded ? or(pending, notChargedVerdict) : pending);
}

/** What follows from the outcome, in the same statement: a receipt, a counted decline, or nothing. */
type Consequence = 'receipt' | 'decline' | 'none';

/**
 * The settling statement, prepared once per database and variant: the order's update, and what
 * follows from it in a data-modifying WITH that runs only if the order was settled.
 */
function settleStatement(db: Database, succeeded: boolean, consequence: Consequence): SQL {
  const value = (name: string) => sql`${sql.placeholder(name)}`;
  const common = {
    status: value('status'),
    transactionId: value('transactionId'),
    processorCode: value('processorCode'),
    processorText: value('processorText'),
    failureMessage: value('failureMessage'),
    answer: sql`${sql.placeholder('answer')}::jsonb`,
    reconciled: sql`${sql.placeholder('reconciled')}::boolean`,
    updatedAt: sql`now()`,
  };
  // As milliseconds: a raw statement's timestamps come back differently from the two drivers.
  const returning = {
    updatedMs: sql<number>`(extract(epoch from ${orders.updatedAt}) * 1000)::float8`.as('updated_ms'),
    receiptNumber: orders.receiptNumber,
  };
  let head: SQL;
  if (succeeded) {
    // A paid order takes the next receipt number of its year. The order's row is locked first (and
    // re-checked, if another settlement changed it meanwhile), and the counter moves only for a row
    // this statement settles: a settlement that loses the race takes no number, so none is skipped.
    // A gift whose CRA receipt waits for the donor's address takes no number: the series is of
    // official receipts, and that one is numbered when it is issued (issue-official-receipt.ts).
    const locked = db
      .select({ id: orders.id, awaits: orders.receiptAwaitsAddress })
      .from(orders)
      .where(settleable(true))
      .for('update')
      .getSQL();
    const numberedRows = sql`locked where not ${sql.identifier(orders.receiptAwaitsAddress.name)}`;
    const taken = sql`(select ${sql.identifier('last')} from numbered)`;
    const update = db
      .update(orders)
      .set({
        ...common,
        paymentMethod: value('paymentMethod'),
        paymentKind: value('paymentKind'),
        receiptYear: sql`case when exists (select 1 from numbered) then ${sql.placeholder('receiptYear')}::int end`,
        receiptSeq: taken,
        receiptNumber: sql`${sql.placeholder('receiptPrefix')}::text || ${sql.placeholder('receiptYear')}::text || '-' || lpad(${taken}::text, ${sql.raw(String(RECEIPT_SEQ_DIGITS))}, '0')`,
      })
      .where(sql`${orders.id} in (select id from locked)`)
      .returning(returning);
    head = sql`with locked as (${locked}), numbered as (${takeReceiptNumber(numberedRows)}), settled as (${update.getSQL()})`;
  } else {
    const update = db.update(orders).set(common).where(settleable(false)).returning(returning);
    head = sql`with settled as (${update.getSQL()})`;
  }
  const onlyIfSettled = sql`exists (select 1 from settled)`;
  const then =
    consequence === 'receipt'
      ? sql`, consequence as (${queueMailStatement(onlyIfSettled)})`
      : consequence === 'decline'
        ? sql`, consequence as (${recordDeclineStatement(onlyIfSettled)})`
        : sql``;
  return sql`${head}${then} select updated_ms, receipt_number from settled`;
}

type SettledRow = { updated_ms: number; receipt_number: string | null };

const settleStatements = oncePerDatabase((db) => {
  const prepare = (succeeded: boolean, consequence: Consequence) =>
    prepareRaw<SettledRow>(
      db,
      `settle_order_${succeeded ? 'succeeded' : 'failed'}_${consequence}`,
      settleStatement(db, succeeded, consequence),
    );
  return {
    succeeded: { receipt: prepare(true, 'receipt'), none: prepare(true, 'none') },
    failed: { decline: prepare(false, 'decline'), none: prepare(false, 'none') },
  };
});

async function settleInOneStatement(options: SettleOrderOptions, withReceipt: boolean): Promise<Order | null> {
  const { db, order, outcome, reconciled = false, countDecline = false, receipts } = options;
  const values = {
    status: outcome.status,
    transactionId: outcome.transactionId ?? null,
    processorCode: outcome.processor?.code ?? null,
    processorText: outcome.processor?.text ?? null,
    failureMessage: outcome.status === 'failed' ? outcome.message : null,
    answer: answerFor(order.id, outcome),
    reconciled,
  };
  // The row as it will be once settled; updatedAt comes back from the database below.
  const settled: Order = { ...order, ...values };
  const placeholders = { ...values, orderId: order.id, answer: JSON.stringify(values.answer) };
  const statements = settleStatements(db);
  let rows: SettledRow[];
  if (outcome.status === 'succeeded') {
    const year = receiptYear(order.createdAt, receipts.timeZone);
    const { paymentMethod, paymentKind } = paymentMethodOf(outcome);
    // The order's entity numbers it in its own series (site.json `entities`).
    const { series, prefix } = receiptSeries(receipts, order.entityKey);
    Object.assign(placeholders, {
      paymentMethod,
      paymentKind,
      receiptYear: year,
      receiptPrefix: prefix,
      receiptSeries: series,
    });
    Object.assign(settled, { paymentMethod, paymentKind, receiptYear: year });
    rows = withReceipt
      ? await statements.succeeded.receipt.execute({
          ...placeholders,
          ...queuedMailValues({ kind: RECEIPT_KIND, subjectId: order.id }),
        })
      : await statements.succeeded.none.execute(placeholders);
  } else {
    rows =
      countDecline && order.clientIp
        ? await statements.failed.decline.execute({
            ...placeholders,
            ...declineValues({ clientIp: order.clientIp, email: order.email }),
          })
        : await statements.failed.none.execute(placeholders);
  }
  const [row] = rows;
  if (!row) return null;
  const receiptNumber = row.receipt_number;
  // The number's place in its year, read back from the number the statement wrote.
  const receiptSeq = receiptNumber ? Number(receiptNumber.slice(receiptNumber.lastIndexOf('-') + 1)) : null;
  // An order waiting for its donor's address took no number, and so no year (issue-official-receipt.ts).
  return {
    ...settled,
    receiptNumber,
    receiptYear: receiptNumber ? settled.receiptYear : null,
    receiptSeq,
    updatedAt: new Date(Number(row.updated_ms)),
  };
}

/**
 * Returns the settled order, or null when it was not settleable (someone else settled it first).
 * A receipt that cannot be queued never fails the payment: if the statement with the receipt fails,
 * the outcome is recorded again without it, and the failure logged. (A statement that fails changes
 * nothing, so the second one starts from the same pending order.)
 */
export async function settleOrder(options: SettleOrderOptions): Promise<Order | null> {
  const expectsReceipt = options.outcome.status === 'succeeded';
  try {
    return await settleInOneStatement(options, true);
  } catch (error) {
    if (!expectsReceipt) throw error;
    const settled = await settleInOneStatement(options, false);
    options.logger.error({ err: error, orderId: options.order.id }, 'receipt could not be queued');
    return settled;
  }
}
