/**
 * How a donor can pay: the card and the wallets Braintree's Drop-in offers, in SPEC.md §5's default
 * order. Plain data without zod (the checkout's first load). Each site turns methods on in
 * site.json's `giving.paymentMethods`; the offline sandbox offers the same choices, each paying with
 * Braintree's documented test nonce for it, so the whole path is tested without a network.
 */

export const PAYMENT_METHODS = ['card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHODS)[number];

/** What a receipt and the report call each method (a wallet holding a card adds the card after a comma). */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethodKind, string> = {
  card: 'Card',
  paypal: 'PayPal',
  paypalCredit: 'PayPal Credit',
  venmo: 'Venmo',
  applePay: 'Apple Pay',
  googlePay: 'Google Pay',
};

/**
 * Braintree's sandbox test nonces for the wallets (developer.paypal.com/braintree/docs/reference/
 * general/testing: "Nonces"). The offline sandbox answers each as Braintree's sandbox does: PayPal's
 * one-time payment cannot be stored for monthly charges; its billing-agreement nonce can.
 */
export const WALLET_TEST_NONCES = {
  paypal: 'fake-paypal-one-time-nonce',
  paypalVault: 'fake-paypal-billing-agreement-nonce',
  venmo: 'fake-venmo-account-nonce',
  applePay: 'fake-apple-pay-visa-nonce',
  googlePay: 'fake-android-pay-visa-nonce',
} as const;

/**
 * What the checkout says when a wallet cannot do what the bucket asks, marked for the
 * `giving` catalogue (decision 0042): the server sends the English text, the page translates it.
 */
export const walletMessages = {
  /** Braintree vaults PayPal only from a billing agreement (the Drop-in's vault flow), never a one-time payment. */
  paypalOneTimeNotMonthly:
    /*i18n*/ "PayPal's one-time payment cannot pay a monthly gift. Choose PayPal again to agree to monthly payments, or use a card.",
} as const;

/** Every method, as a default for sites that name none. */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethodKind[] = PAYMENT_METHODS;

/** A receipt's and the report's words for how a gift was paid: "PayPal", "Apple Pay, Visa ending in 1111". */
export function paymentMethodLabel(kind: PaymentMethodKind, card?: { brand: string; lastFour: string } | null): string {
  if (kind === 'card') return card ? `${card.brand} ending in ${card.lastFour}` : PAYMENT_METHOD_NAMES.card;
  const name = PAYMENT_METHOD_NAMES[kind];
  return card ? `${name}, ${card.brand} ending in ${card.lastFour}` : name;
}
