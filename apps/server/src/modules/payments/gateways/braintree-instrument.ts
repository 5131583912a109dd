/**
 * How a Braintree transaction or stored payment method was paid, read from the SDK's
 * answer (narrowed from unknown, nothing logged):
 *  - a transaction says it in `paymentInstrumentType` (credit_card, paypal_account, venmo_account,
 *    apple_pay_card, android_pay_card) with the details under `creditCard`, `applePayCard`
 *    (cardType "Apple Pay - Visa"; the card the donor recognises is its payment instrument name,
 *    "Visa 8886", whose digits are the real card's, where `last4` is the device's token) and
 *    `androidPayCard` (sourceCardType / sourceCardLast4: the donor's card, not the virtual one);
 *  - a stored method (`paymentMethod.create`) is one of the SDK's classes, told apart by its name.
 * PayPal Credit is a `paypal_account`: Braintree's answer does not say the credit line paid, so the
 * browser's word for that one distinction is taken (sandbox-outcomes.ts `withCreditHint`).
 */
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import type { CardSummary } from '../gateway';

export type Instrument = { kind: PaymentMethodKind; card?: CardSummary };

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A brand and four digits, or nothing: a receipt names the card by them, never more. */
function card(brand: string, lastFour: string): CardSummary | undefined {
  return brand && /^\d{4}$/.test(lastFour) ? { brand, lastFour } : undefined;
}

/** "Apple Pay - Visa" → "Visa". */
const applePayBrand = (cardType: string) => cardType.replace(/^Apple Pay - /, '');

/** "Visa 8886" → "8886". */
const trailingDigits = (name: string) => /(\d{4})$/.exec(name.trim())?.[1] ?? '';

function applePayCard(details: Record<string, unknown>): CardSummary | undefined {
  const name = text(details.paymentInstrumentName) || text(details.sourceDescription);
  return card(applePayBrand(text(details.cardType)), trailingDigits(name) || text(details.last4));
}

function googlePayCard(details: Record<string, unknown>): CardSummary | undefined {
  return card(text(details.sourceCardType), text(details.sourceCardLast4));
}

const withCard = (kind: PaymentMethodKind, found: CardSummary | undefined): Instrument =>
  found ? { kind, card: found } : { kind };

/** The instrument of a transaction as the SDK gives it. */
export function transactionInstrument(transaction: Record<string, unknown>): Instrument {
  switch (text(transaction.paymentInstrumentType)) {
    case 'paypal_account':
    case 'paypal_here':
      return { kind: 'paypal' };
    case 'venmo_account':
      return { kind: 'venmo' };
    case 'apple_pay_card':
      return withCard('applePay', applePayCard(record(transaction.applePayCard)));
    case 'android_pay_card':
      return withCard('googlePay', googlePayCard(record(transaction.androidPayCard)));
    default: {
      const creditCard = record(transaction.creditCard);
      return withCard('card', card(text(creditCard.cardType), text(creditCard.last4)));
    }
  }
}

/** The instrument of a stored payment method (`paymentMethod.create`'s `paymentMethod`). */
export function storedInstrument(method: unknown): Instrument {
  const details = record(method);
  const className = typeof method === 'object' && method !== null ? method.constructor.name : '';
  switch (className) {
    case 'PayPalAccount':
      return { kind: 'paypal' };
    case 'VenmoAccount':
      return { kind: 'venmo' };
    case 'ApplePayCard':
      return withCard('applePay', applePayCard(details));
    case 'AndroidPayCard':
      return withCard('googlePay', googlePayCard(details));
    default:
      return withCard('card', card(text(details.cardType), text(details.last4)));
  }
}
