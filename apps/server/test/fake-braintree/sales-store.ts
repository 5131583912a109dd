/**
 * The fake gateway's memory of every transaction it created, so tests can check what the SDK sent
 * (amount as 'D.CC', order id, submitForSettlement) and so search-by-order-id has something to find.
 * Validation errors create no transaction, as on the real gateway. Nonces are deliberately not kept.
 */
import { randomBytes } from 'node:crypto';

/** The statuses this fake produces; names and meanings are Braintree's. */
export type FakeSaleStatus =
  | 'submitted_for_settlement'
  | 'authorized'
  | 'processor_declined'
  | 'gateway_rejected'
  | 'failed';

export type FakeSale = {
  id: string;
  type: 'sale';
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
};

export type NewFakeSale = Omit<FakeSale, 'id' | 'type' | 'createdAt'>;

export class SalesStore {
  readonly #sales: FakeSale[] = [];

  add(sale: NewFakeSale): FakeSale {
    const recorded: FakeSale = { ...sale, id: newTransactionId(), type: 'sale', createdAt: new Date() };
    this.#sales.push(recorded);
    return recorded;
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
