/**
 * How the sandbox decides a sale, following Braintree's sandbox so the same test values behave the
 * same with PAYMENT_GATEWAY=braintree against Braintree's own sandbox
 * (developer.paypal.com/braintree/docs/reference/general/testing):
 *  - the processor-declined test cards (4000 1111 1111 1115, …) decline with 2000 Do Not Honor;
 *    every other valid card approves with 1000 Approved;
 *  - Braintree's fake nonces: 'fake-valid-nonce' and 'fake-valid-*-nonce' approve,
 *    'fake-processor-declined-*-nonce' decline with 2000;
 *  - an approvable sale of 2000.00–2999.99 declines with the integer dollars as the processor code.
 * Pure functions: the card number is looked at here and goes no further.
 */
import { CARD_BRAND_NAMES, type CardBrand } from '@store/shared/card';
import { type PaymentMethodKind, WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import type { CardSummary, ProcessorResponse } from '../gateway';

export type CardOutcome = 'approve' | 'decline';

/** Braintree's "processor declined" test numbers, one per brand. */
const DECLINING_CARDS: ReadonlySet<string> = new Set([
  '4000111111111115', // Visa
  '5105105105105100', // Mastercard
  '378734493671000', // American Express
  '6011000990139424', // Discover
  '38520000009814', // Diners Club
  '3566002020360505', // JCB
]);

export function cardOutcome(digits: string): CardOutcome {
  return DECLINING_CARDS.has(digits) ? 'decline' : 'approve';
}

/** The outcome a Braintree fake nonce stands for, or null when the string is not one of them. */
export function fakeNonceOutcome(nonce: string): CardOutcome | null {
  if (nonce === 'fake-valid-nonce' || /^fake-valid-[a-z-]+-nonce$/.test(nonce)) return 'approve';
  if (/^fake-processor-declined-[a-z-]+-nonce$/.test(nonce)) return 'decline';
  return null;
}

/**
 * What each of Braintree's wallet test nonces stands for, as Braintree's sandbox answers
 * them (its SDKs' integration tests, e.g. braintree_ruby's spec/integration/braintree/transaction_spec
 * and braintree_php's GooglePay tests): an approvable payment (then the amount rule decides), reusable
 * like every fake nonce. PayPal and Venmo carry no card; Apple Pay's Visa is "Visa 8886" (its
 * payment instrument name) and Google Pay's a Visa whose source card ends in 1111. `vaultable`:
 * Braintree stores a PayPal account only from a billing agreement, never a one-time payment.
 */
export type WalletNonce = { kind: PaymentMethodKind; card: CardSummary | null; vaultable: boolean };

const WALLET_NONCES: ReadonlyMap<string, WalletNonce> = new Map([
  [WALLET_TEST_NONCES.paypal, { kind: 'paypal', card: null, vaultable: false }],
  [WALLET_TEST_NONCES.paypalVault, { kind: 'paypal', card: null, vaultable: true }],
  [WALLET_TEST_NONCES.venmo, { kind: 'venmo', card: null, vaultable: true }],
  [WALLET_TEST_NONCES.applePay, { kind: 'applePay', card: { brand: 'Visa', lastFour: '8886' }, vaultable: true }],
  [WALLET_TEST_NONCES.googlePay, { kind: 'googlePay', card: { brand: 'Visa', lastFour: '1111' }, vaultable: true }],
]);

export function walletNonce(nonce: string): WalletNonce | null {
  return WALLET_NONCES.get(nonce) ?? null;
}

/**
 * PayPal Credit is a PayPal account paid with PayPal's credit line: Braintree has no test nonce of
 * its own for it, and its transaction is a `paypal_account`. Only the browser knows which button the
 * donor chose, so its word is taken for that one distinction and nothing else (a claim of PayPal
 * Credit never turns a card or Venmo into anything).
 */
export function withCreditHint(kind: PaymentMethodKind, hint: PaymentMethodKind | undefined): PaymentMethodKind {
  return kind === 'paypal' && hint === 'paypalCredit' ? 'paypalCredit' : kind;
}

export const APPROVED: ProcessorResponse = { code: '1000', text: 'Approved' };

/** Braintree's texts for the common decline codes; the rest read 'Processor Declined'. */
const DECLINE_TEXTS: Record<number, string> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: "Cardholder's Activity Limit Exceeded",
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2010: 'Card Issuer Declined CVV',
  2046: 'Declined',
};

export function declined(code: number): ProcessorResponse {
  return { code: String(code), text: DECLINE_TEXTS[code] ?? 'Processor Declined' };
}

export type SaleDecision = { approved: boolean; processor: ProcessorResponse };

export function decideSale(outcome: CardOutcome, amountCents: number): SaleDecision {
  if (outcome === 'decline') return { approved: false, processor: declined(2000) };
  const dollars = Math.trunc(amountCents / 100);
  if (dollars >= 2000 && dollars <= 2999) return { approved: false, processor: declined(dollars) };
  return { approved: true, processor: APPROVED };
}

export function cardTypeName(brand: CardBrand | null): string {
  return brand ? CARD_BRAND_NAMES[brand] : 'Unknown';
}
