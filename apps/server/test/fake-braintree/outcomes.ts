/**
 * How the fake decides a sale, following Braintree's sandbox conventions so the same test values work
 * against the real sandbox (developer.paypal.com/braintree/docs/reference/general/testing):
 *  - 'fake-valid-nonce' (and the 'fake-valid-*-nonce' family) approve: 1000 Approved;
 *  - 'fake-processor-declined-*-nonce' decline: 2000 Do Not Honor;
 *  - 'fake-gateway-rejected-fraud-nonce' is rejected by the gateway (reason 'fraud');
 *  - an approved nonce with an amount of 2000.00–2999.99 declines with code = the integer part,
 *    3000.00–3000.99 fails with 3000 (processor network unavailable);
 *  - unknown nonces (e.g. 'fake-validation-error-nonce') and bad amounts are validation errors.
 * Two nonces exist only here, to test the client side of failures: 'fake-timeout-nonce' never gets an
 * answer and 'fake-server-error-nonce' gets an HTTP 500.
 */
import { WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import { declined as processorDeclined } from '#src/modules/payments/gateways/sandbox-outcomes';
import type { FakeSaleStatus } from './sales-store';

export type ValidationError = { code: string; attribute: string; message: string };

export type SaleDecision =
  | { kind: 'validation'; errors: ValidationError[] }
  | { kind: 'hang' }
  | { kind: 'server-error' }
  | {
      kind: 'transaction';
      status: FakeSaleStatus;
      code: string;
      text: string;
      type: 'approved' | 'soft_declined' | 'hard_declined';
      gatewayRejectionReason: string | null;
    };

export const FAKE_NONCES = {
  valid: 'fake-valid-nonce',
  processorDeclined: 'fake-processor-declined-visa-nonce',
  gatewayRejectedFraud: 'fake-gateway-rejected-fraud-nonce',
  validationError: 'fake-validation-error-nonce',
  timeout: 'fake-timeout-nonce',
  serverError: 'fake-server-error-nonce',
} as const;

/** Braintree's own wording for the validation errors the fake can produce. */
const ERRORS = {
  amountRequired: { code: '81502', attribute: 'amount', message: 'Amount is required.' },
  amountFormat: { code: '81503', attribute: 'amount', message: 'Amount is an invalid format.' },
  amountZero: { code: '81531', attribute: 'amount', message: 'Amount must be greater than zero.' },
  nonceUnknown: {
    code: '91565',
    attribute: 'payment_method_nonce',
    message: 'Unknown or expired payment_method_nonce.',
  },
  nonceRequired: {
    code: '91508',
    attribute: 'base',
    message: 'Cannot determine payment method.',
  },
} satisfies Record<string, ValidationError>;

export function decideSale(nonce: string | null, amount: string | null): SaleDecision {
  if (nonce === FAKE_NONCES.timeout) return { kind: 'hang' };
  if (nonce === FAKE_NONCES.serverError) return { kind: 'server-error' };

  const errors: ValidationError[] = [];
  if (amount === null || amount === '') errors.push(ERRORS.amountRequired);
  else if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount)) errors.push(ERRORS.amountFormat);
  else if (Number(amount) === 0) errors.push(ERRORS.amountZero);
  if (nonce === null || nonce === '') errors.push(ERRORS.nonceRequired);
  else if (!isKnownNonce(nonce)) errors.push(ERRORS.nonceUnknown);
  if (errors.length > 0 || amount === null || nonce === null) return { kind: 'validation', errors };

  if (nonce.startsWith('fake-processor-declined-')) return declined(2000);
  if (nonce === FAKE_NONCES.gatewayRejectedFraud) {
    return {
      kind: 'transaction',
      status: 'gateway_rejected',
      code: '',
      text: '',
      type: 'hard_declined',
      gatewayRejectionReason: 'fraud',
    };
  }
  const dollars = Number.parseInt(amount, 10);
  if (dollars >= 2000 && dollars <= 2999) return declined(dollars);
  if (dollars === 3000) {
    const text = 'Processor Network Unavailable - Try Again';
    return {
      kind: 'transaction',
      status: 'failed',
      code: '3000',
      text,
      type: 'soft_declined',
      gatewayRejectionReason: null,
    };
  }
  return {
    kind: 'transaction',
    status: 'submitted_for_settlement',
    code: '1000',
    text: 'Approved',
    type: 'approved',
    gatewayRejectionReason: null,
  };
}

/**
 * How a nonce pays, as Braintree's `paymentInstrumentType` says it: Braintree's wallet
 * test nonces are PayPal and Venmo accounts and Apple Pay and Google Pay cards; the rest are cards.
 */
export type FakeInstrument = 'credit_card' | 'paypal_account' | 'venmo_account' | 'apple_pay_card' | 'android_pay_card';

const WALLET_INSTRUMENTS: ReadonlyMap<string, FakeInstrument> = new Map([
  [WALLET_TEST_NONCES.paypal, 'paypal_account'],
  [WALLET_TEST_NONCES.paypalVault, 'paypal_account'],
  [WALLET_TEST_NONCES.venmo, 'venmo_account'],
  [WALLET_TEST_NONCES.applePay, 'apple_pay_card'],
  [WALLET_TEST_NONCES.googlePay, 'android_pay_card'],
]);

export function instrumentOf(nonce: string | null): FakeInstrument {
  return (nonce && WALLET_INSTRUMENTS.get(nonce)) || 'credit_card';
}

function isKnownNonce(nonce: string): boolean {
  return (
    WALLET_INSTRUMENTS.has(nonce) ||
    nonce === FAKE_NONCES.valid ||
    /^fake-valid-[a-z-]+-nonce$/.test(nonce) ||
    nonce.startsWith('fake-processor-declined-') ||
    nonce === FAKE_NONCES.gatewayRejectedFraud
  );
}

function declined(code: number): SaleDecision {
  return {
    kind: 'transaction',
    status: 'processor_declined',
    // Braintree's code and text, from the table the sandbox gateway answers with too.
    ...processorDeclined(code),
    // Braintree marks 2000-2099 soft and a few (2004 expired, 2005 invalid number…) hard; close enough here.
    type: code === 2004 || code === 2005 ? 'hard_declined' : 'soft_declined',
    gatewayRejectionReason: null,
  };
}
