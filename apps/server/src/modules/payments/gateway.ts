/**
 * The seam between orders and whoever moves the money. `sandbox` (offline, default) and
 * `braintree` (the real SDK) implement it; the order service never knows which one it talks to.
 * Amounts are integer cents. `orderId` is OUR order id, sent to the gateway so a crashed request
 * can be settled later by asking the gateway what happened to that order (reconciliation).
 */

import type { PaymentMethodKind } from '@store/shared/payment-methods';

export type SaleInput = {
  orderId: string;
  /** In the minor units of the merchant account's currency. */
  amountCents: number;
  customer: { firstName: string; lastName: string; email: string };
  /**
   * The entity's merchant account (site.json `entities`): Braintree takes each currency into its own
   * account, and charges in that account's currency. Absent: the gateway's default account.
   */
  merchantAccountId?: string | undefined;
} & (
  | {
      nonce: string;
      /** The method the donor chose in the browser; only tells PayPal Credit from PayPal. */
      methodHint?: PaymentMethodKind | undefined;
    }
  /**
   * Issue 22: a card stored in the gateway's vault (`vault`). `recurring`: a monthly gift's charge
   * the donor is not present for (Braintree's transactionSource 'recurring').
   */
  | { paymentMethodToken: string; recurring: boolean }
);

export type ProcessorResponse = { code: string; text: string };

/** The card as a receipt may name it (issue 20): its brand and last four digits, never more. */
export type CardSummary = { brand: string; lastFour: string };

/**
 * `kind`: how a sale was paid (payment-methods.ts), a card or a wallet. A wallet holding a
 * card (Apple Pay, Google Pay) also gives `card`; PayPal, PayPal Credit and Venmo give none.
 */
export type SaleOutcome =
  | {
      status: 'succeeded';
      transactionId: string;
      processor: ProcessorResponse;
      card?: CardSummary;
      /** Absent: a card (answers recorded before wallets, and the reconciler's). */
      kind?: PaymentMethodKind;
    }
  /** The gateway refused the payment (declined card, gateway rejection, validation error). No money moved. */
  | { status: 'failed'; transactionId?: string; processor?: ProcessorResponse; message: string };

/** What the gateway knows of one of our orders; `null` when it never saw it (nothing was charged). */
export type RecordedSale = {
  transactionId: string;
  amountCents: number;
  succeeded: boolean;
  processor?: ProcessorResponse;
};

/**
 * Issue 21. A refund of part or all of a paid sale. `refundId` is OUR refund id (refunds.id), given
 * to the gateway so a crash can be settled later by asking with it (`findRefund`). `wholeSale`: the
 * amount is the whole sale and nothing was refunded before, so an unsettled sale may be voided.
 */
export type RefundInput = { refundId: string; transactionId: string; amountCents: number; wholeSale: boolean };

/** Whether money of a sale can only be voided whole (not settled yet) or refunded (settled). */
export type SaleSettlement = 'unsettled' | 'settled';

export type RefundOutcome =
  /** `kind` is what the gateway did: a void of the unsettled sale, or a refund of a settled one. */
  | { status: 'succeeded'; kind: 'void' | 'refund'; gatewayRefundId: string }
  /**
   * The gateway refused; no money moved. `reason` 'not_settled': a partial refund of a sale not
   * settled yet (Braintree can only void it whole until it settles).
   */
  | { status: 'failed'; message: string; reason?: 'not_settled' };

/** What the gateway knows of one of our refunds; `null` from `findRefund` when it never saw it. */
export type RecordedRefund = { kind: 'void' | 'refund'; gatewayRefundId: string; amountCents: number };

/** Issue 22: a card the gateway stored, as we may keep it: brand, last four and expiry. */
export type StoredCard = { brand: string; lastFour: string; expMonth: number | null; expYear: number | null };

/**
 * Issue 22: store the card behind a nonce in the gateway's vault, for a new customer or (with
 * `customerId`) as an existing customer's new card. The card is verified; a declined one is refused.
 */
export type VaultInput = {
  nonce: string;
  /** As the sale's: only tells PayPal Credit from PayPal. */
  methodHint?: PaymentMethodKind | undefined;
  customer: { firstName: string; lastName: string; email: string };
  customerId?: string | undefined;
};

export type VaultOutcome =
  | {
      status: 'stored';
      customerId: string;
      paymentMethodToken: string;
      /** A wallet's account (PayPal, Venmo) is stored with brand = its name and lastFour ''. */
      card: StoredCard;
      kind: PaymentMethodKind;
    }
  /** Refused (declined verification, bad nonce): nothing stored, the donor re-enters the card. */
  | { status: 'failed'; message: string };

export type WebhookEvent = { kind: string; transactionId?: string; orderId?: string; timestamp: Date };

export interface PaymentGateway {
  readonly name: 'sandbox' | 'braintree';
  /**
   * True when no money moves: the offline sandbox, or Braintree's sandbox environment. Its orders are
   * test orders (orders.test): their receipts say "TEST – no payment was taken", the report marks them.
   */
  readonly test: boolean;
  /** A client token for the browser's card widget. */
  createClientToken(): Promise<string>;
  /** Charges and submits for settlement. Throws only when the outcome is unknown (network, timeout). */
  sale(input: SaleInput): Promise<SaleOutcome>;
  /**
   * Issue 22: stores a card for later charges (`sale` with its `paymentMethodToken`). Throws
   * GatewayUnavailableError when the outcome is unknown (then nothing is charged; the donor retries).
   */
  vault(input: VaultInput): Promise<VaultOutcome>;
  /** Looks a sale up by our order id, for the reconciler. */
  findSaleByOrderId(orderId: string): Promise<RecordedSale | null>;
  /** Whether the sale is settled yet (issue 21): before, it can only be voided whole. */
  saleSettlement(transactionId: string): Promise<SaleSettlement>;
  /**
   * Voids (unsettled, whole) or refunds (settled) a sale, idempotent by our refund id. Throws
   * GatewayUnavailableError only when the outcome is unknown (network, timeout).
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Looks one of our refunds up by our refund id, for the refund reconciler. */
  findRefund(refundId: string, transactionId: string): Promise<RecordedRefund | null>;
  /** Verifies and parses a webhook notification; throws when the signature does not verify. */
  parseWebhook(signature: string, payload: string): Promise<WebhookEvent>;
}

/** Thrown by `sale` when we cannot know whether money moved (timeout, connection reset, 5xx). */
export class GatewayUnavailableError extends Error {
  override readonly name = 'GatewayUnavailableError';
}

/** Thrown by `parseWebhook` when the signature does not verify: answer 4xx and ignore the payload. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
}
