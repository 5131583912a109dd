/**
 * What the checkout needs to start monthly gifts (issue 22), declared here and implemented by the
 * monthly-giving module (which imports the checkout, never the other way round), handed in where the
 * modules are registered (register-modules.ts).
 *
 * The checkout's order of writes for a bucket with a monthly line: the pending order; the card
 * stored in the gateway's vault; `start` (one 'starting' gift per monthly line); the sale with the
 * stored card; the settlement; `settle` (the gifts follow their first order). A crash anywhere
 * leaves 'starting' gifts the billing run settles the same way, so none is active without a paid
 * first month.
 */

import type { PaymentMethodKind } from '@store/shared/payment-methods';
import type { Order } from '#src/modules/ledger/index';
import type { StoredCard } from '#src/modules/payments/gateway';

/** The card the gateway stored for the donor (gateway.vault). */
export type VaultedCard = {
  customerId: string;
  paymentMethodToken: string;
  card: StoredCard;
  /** A card, or a stored PayPal / Venmo account or Apple Pay / Google Pay card. */
  kind?: PaymentMethodKind;
};

export type MonthlyGiftStarter = {
  /** Writes one 'starting' gift per monthly line of the pending `order`. */
  start(order: Order, vaulted: VaultedCard): Promise<void>;
  /** After the order is settled: its 'starting' gifts become 'active' (paid) or 'cancelled'. */
  settle(orderId: string): Promise<void>;
};

/** True when a bucket (or an order's products) holds a monthly line. */
export function hasMonthlyLine(products: readonly { monthly?: boolean | undefined }[]): boolean {
  return products.some((p) => p.monthly === true);
}
