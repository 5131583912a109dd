/**
 * The sandbox gateway's book of charges (sandbox_transactions): one row per order, whatever the
 * outcome, as Braintree keeps a transaction for a declined sale too. The unique order_id is what
 * makes a second charge for one order impossible, even from two processes at once.
 */
import { randomBytes } from 'node:crypto';
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { columnName as col } from '#src/db/column-names';
import { oncePerDatabase, prepareRaw } from '#src/db/prepared';
import type { CardSummary, RecordedSale, SaleOutcome } from '../gateway';
import type { CardOutcome, SaleDecision } from './sandbox-outcomes';
import { sandboxNonces, sandboxTransactions } from './sandbox-tables';

export type LedgerRow = typeof sandboxTransactions.$inferSelect;

/** Shown for a declined sale; the processor's own code and text are kept on the order. */
export const DECLINED_MESSAGE = 'Payment was declined by the card issuer.';

/** Braintree-like transaction ids: short, lower-case letters and digits. 36^10 makes a clash negligible. */
function transactionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
}

export async function findSale(db: Database, orderId: string): Promise<LedgerRow | null> {
  const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.orderId, orderId));
  return row ?? null;
}

export function toSaleOutcome(row: SaleRow): SaleOutcome {
  const processor = { code: row.processorCode, text: row.processorText };
  return row.status === 'submitted_for_settlement'
    ? { status: 'succeeded', transactionId: row.id, processor, kind: row.paymentKind }
    : { status: 'failed', transactionId: row.id, processor, message: DECLINED_MESSAGE };
}

export function toRecordedSale(row: SaleRow): RecordedSale {
  return {
    transactionId: row.id,
    amountCents: row.amountCents,
    succeeded: row.status === 'submitted_for_settlement',
    processor: { code: row.processorCode, text: row.processorText },
  };
}

/** A sale as `recordSale` reads it back: what the outcome and the reconciler need. */
export type SaleRow = Pick<
  LedgerRow,
  'id' | 'orderId' | 'amountCents' | 'status' | 'processorCode' | 'processorText' | 'paymentKind'
>;

export type SaleCard =
  /** A nonce the sandbox tokenizer issued: consumed by the sale, once. */
  | { nonce: string }
  /**
   * One of Braintree's fake nonces: its outcome is known without the database. Reusable, as
   * Braintree's are. A wallet's says its kind and the card it holds, if any.
   */
  | { outcome: CardOutcome; kind?: PaymentMethodKind; card?: CardSummary | null };

export type RecordedSaleResult =
  /** The order's sale: the one this call wrote, or the one an earlier call wrote (`existed`). */
  | { kind: 'sale'; row: SaleRow; existed: boolean }
  /** Nothing written: the nonce was not there to consume (unknown, used or expired). */
  | { kind: 'no-card' }
  /** Nothing written: another sale for this order committed first; its nonce was given back. */
  | { kind: 'lost-race'; nonceReturned: boolean };

const t = sandboxTransactions;
const n = sandboxNonces;
const p = (name: string) => sql.placeholder(name);

function statusOf(decision: SaleDecision) {
  return decision.approved ? 'submitted_for_settlement' : 'processor_declined';
}

type SaleStatementRow = SaleRow & { existed: boolean | null; consumed: number };

/**
 * The whole sale in ONE statement (so one round trip and one commit, atomic on its own): read the
 * order's existing sale; unless there is one, consume the nonce (or take the fake nonce's outcome)
 * and write the sale with the decision for that outcome, `on conflict (order_id) do nothing`.
 * Before, this was a read and a four-statement transaction: 5 round trips of a checkout's 12
 * (bench/BENCHMARKS.md "Checkout throughput"). Always one row: `consumed` says whether a card was
 * taken, the sale columns are null when nothing was written or found.
 */
function saleStatement(cardSource: 'nonce' | 'fake') {
  const outcomeSource =
    cardSource === 'nonce'
      ? sql`update ${n} set ${col(n.consumedAt)} = now()
            where ${col(n.nonce)} = ${p('nonce')} and ${col(n.consumedAt)} is null and ${col(n.expiresAt)} > now()
              and not exists (select 1 from existing)
            returning ${col(n.outcome)} as outcome`
      : sql`select ${p('outcome')}::text as outcome where not exists (select 1 from existing)`;
  const saleColumns = sql`${col(t.id)} as id, ${col(t.orderId)} as "orderId", ${col(t.amountCents)} as "amountCents",
    ${col(t.status)} as status, ${col(t.processorCode)} as "processorCode", ${col(t.processorText)} as "processorText",
    ${col(t.paymentKind)} as "paymentKind"`;
  const approved = sql`card.outcome = 'approve'`;
  return sql`
    with existing as (
      select ${saleColumns} from ${t} where ${col(t.orderId)} = ${p('orderId')}
    ),
    card as (${outcomeSource}),
    inserted as (
      insert into ${t} (${col(t.id)}, ${col(t.orderId)}, ${col(t.amountCents)}, ${col(t.status)}, ${col(t.processorCode)}, ${col(t.processorText)}, ${col(t.paymentKind)})
      select ${p('transactionId')}, ${p('orderId')}, ${p('amountCents')}::int,
        case when ${approved} then ${p('approveStatus')} else ${p('declineStatus')} end,
        case when ${approved} then ${p('approveCode')} else ${p('declineCode')} end,
        case when ${approved} then ${p('approveText')} else ${p('declineText')} end,
        ${p('paymentKind')}::text
      from card
      on conflict (${col(t.orderId)}) do nothing
      returning ${saleColumns}
    ),
    answer as (
      select *, false as existed from inserted union all select *, true as existed from existing
    )
    select answer.*, (select count(*) from card)::int as consumed from answer
    right join (select 1) as one on true`;
}

const nonceSale = oncePerDatabase((db) =>
  prepareRaw<SaleStatementRow>(db, 'sandbox_sale_nonce', saleStatement('nonce')),
);
const fakeNonceSale = oncePerDatabase((db) =>
  prepareRaw<SaleStatementRow>(db, 'sandbox_sale_fake_nonce', saleStatement('fake')),
);

export async function recordSale(
  db: Database,
  input: {
    orderId: string;
    amountCents: number;
    card: SaleCard;
    decide: (outcome: CardOutcome) => SaleDecision;
    /** How the sale is paid: the sandbox's book records it with the sale. */
    paymentKind: PaymentMethodKind;
  },
): Promise<RecordedSaleResult> {
  const { orderId, amountCents, card, paymentKind } = input;
  const approve = input.decide('approve');
  const decline = input.decide('decline');
  const values = {
    orderId,
    amountCents,
    transactionId: transactionId(),
    paymentKind,
    approveStatus: statusOf(approve),
    approveCode: approve.processor.code,
    approveText: approve.processor.text,
    declineStatus: statusOf(decline),
    declineCode: decline.processor.code,
    declineText: decline.processor.text,
  };
  const rows =
    'nonce' in card
      ? await nonceSale(db).execute({ ...values, nonce: card.nonce })
      : await fakeNonceSale(db).execute({ ...values, outcome: card.outcome });
  const [first] = rows;
  if (first?.id) {
    const { existed, consumed: _consumed, ...row } = first;
    return { kind: 'sale', row, existed: existed === true };
  }
  if (!first?.consumed) return { kind: 'no-card' };
  // Our nonce was consumed but another sale for this order won the insert: give the nonce back, as
  // the rolled-back transaction did before, so the card entry can still pay for something else.
  if (!('nonce' in card)) return { kind: 'lost-race', nonceReturned: false };
  await db.update(n).set({ consumedAt: null }).where(eq(n.nonce, card.nonce));
  return { kind: 'lost-race', nonceReturned: true };
}
