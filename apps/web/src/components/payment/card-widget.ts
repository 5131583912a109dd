/**
 * The card payment widget behind one small interface, so the checkout page does not care which
 * gateway the server runs (SPEC.md §5 "Embedded card widget"):
 *  - `sandbox`: our own card form (sandbox-card-form.tsx), tokenized by the server offline;
 *  - `braintree`: Braintree's hosted Drop-in.
 * Types only, so that both implementations can name the interface without importing the factory
 * that loads them (create-card-widget.ts): that would be an import cycle.
 */
import type { ClientTokenResponse } from '@store/shared/checkout';
import type { Currency } from '@store/shared/currencies';
import type { PaymentMethodKind } from '@store/shared/payment-methods';

export interface CardWidget {
  /** Validates the card and exchanges it for a single-use payment nonce. */
  requestNonce(): Promise<string>;
  /**
   * Shows what is wrong with the card on the widget's own fields, without tokenizing: the page calls
   * it when its form fails, so the donor sees every error in one round (SPEC.md §5).
   */
  showErrors(): void;
  /**
   * The name the page's first and last name fields give, for the widget's cardholder name: filled
   * in while the donor has not typed a name of their own there, so the name is not asked twice.
   */
  suggestCardholderName(name: string): void;
  /** Removes the widget from its container; the container can then host a new one. */
  teardown(): Promise<void>;
  /**
   * The method the donor chose (card or a wallet), for the checkout request's
   * `paymentMethod`. Absent (a test double, a card-only widget): the card.
   */
  chosenMethod?(): PaymentMethodKind;
  /** The total changed (the fee was ticked): the wallets that show an amount show it. */
  updateTotal?(totalCents: number): void;
}

/**
 * How the donor may pay on this page: the site's enabled methods in their order
 * (site.json `giving.paymentMethods`), and what the wallets need of the bucket. Absent: the card alone
 * (the dashboard's "update your card").
 */
export type PaymentChoices = {
  methods: readonly PaymentMethodKind[];
  /** The bucket has a monthly line: PayPal asks the donor to agree to later charges (its vault flow). */
  monthly: boolean;
  totalCents: number;
  currency: Currency;
  /** The foundation's name, on the Apple Pay sheet. */
  merchantName: string;
};

export type CardWidgetOptions = ClientTokenResponse;

export type CreateCardWidget = (
  container: HTMLElement,
  options: CardWidgetOptions,
  choices?: PaymentChoices,
) => Promise<CardWidget>;
