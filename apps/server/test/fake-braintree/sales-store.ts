/**
 * The fake gateway's memory of every transaction it created, so tests can check what the SDK sent
 * (amount as 'D.CC', order id, submitForSettlement) and so search-by-order-id has something to find.
 * Validation errors create no transaction, as on the real gateway. Nonces are deliberately not kept.
 */
import { randomBytes } from 'node:crypto';
import type { FakeInstrument } from './outcomes';

/** The statuses this fake produces; names and meanings are Braintree's. */
export type FakeSaleStatus =
  | 'submitted_for_settlement'
  | 'authorized'
  | 'processor_declined'
  | 'gateway_rejected'
  | 'failed'
  /** Issue 21: settled (refundable; set by a test with `settle`), voided (cancelled before settling). */
  | 'settled'
  | 'voided';

export type FakeSale = {
  id: string;
  /** 'credit': a refund, with the sale it refunds in `refundedTransactionId`. */
  type: 'sale' | 'credit';
  status: FakeSaleStatus;
  /** Exactly the string the SDK sent, e.g. '12.34'. */
  amount: string;
  orderId: string | null;
  submitForSettlement: boolean;
  customer: { firstName: string | null; lastName: string | null; email: string | null };
  processorResponseCode: string;
  processorResponseText: string;
  processorResponseType: 'approved' | 'soft_declined' | 'hard_declined';
  gatewayRejectionReason: string | null;
  createdAt: Date;
  /** A sale's refunds (their transaction ids), as Braintree lists them on the sale. */
  refundIds: string[];
  refundedTransactionId: string | null;
  /** Issue 22: a vaulted card's sale: its token, and 'recurring' for a monthly charge. */
  paymentMethodToken?: string | null;
  transactionSource?: string | null;
  /** The merchant account the sale went to, and so its currency (Braintree: one currency per account). */
  merchantAccountId?: string;
  currencyIsoCode?: string;
  /** How it was paid (Braintree's paymentInstrumentType); absent: a card. */
  instrument?: FakeInstrument;
};

export type NewFakeSale = Omit<FakeSale, 'id' | 'type' | 'createdAt' | 'refundIds' | 'refundedTransactionId'>;

export class SalesStore {
  readonly #sales: FakeSale[] = [];

  add(sale: NewFakeSale): FakeSale {
    const recorded: FakeSale = {
      ...sale,
      id: newTransactionId(),
      type: 'sale',
      createdAt: new Date(),
      refundIds: [],
      refundedTransactionId: null,
    };
    this.#sales.push(recorded);
    return recorded;
  }

  /** A refund of `sale` (a credit transaction with the refund's own order id). */
  addRefund(sale: FakeSale, amount: string, orderId: string | null): FakeSale {
    const refund: FakeSale = {
      ...sale,
      id: newTransactionId(),
      type: 'credit',
      status: 'submitted_for_settlement',
      amount,
      orderId,
      createdAt: new Date(),
      refundIds: [],
      refundedTransactionId: sale.id,
    };
    this.#sales.push(refund);
    sale.refundIds.push(refund.id);
    return refund;
  }

  /** Marks a sale settled, as Braintree's batch does about a day after capture: now it can be refunded. */
  settle(id: string): void {
    const sale = this.byId(id);
    if (sale) sale.status = 'settled';
  }

  /** Every sale, oldest first. */
  all(): readonly FakeSale[] {
    return [...this.#sales];
  }

  byId(id: string): FakeSale | undefined {
    return this.#sales.find((sale) => sale.id === id);
  }

  byOrderId(orderId: string): FakeSale[] {
    return this.#sales.filter((sale) => sale.orderId === orderId);
  }

  clear(): void {
    this.#sales.length = 0;
  }
}

/** Braintree transaction ids are short lowercase alphanumerics (e.g. 'kx3b9d2q'). */
function newTransactionId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('');
}
