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
import type { ProcessorResponse } from '../gateway';

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
