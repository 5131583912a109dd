/** The page admits each wallet's hosts only when the site enables it, and only with Braintree. */
import { PAYMENT_METHODS } from '@store/shared/payment-methods';
import { describe, expect, it } from 'vitest';
import type { PaymentConfig } from '#src/config';
import { paymentCspSources } from './csp';

const braintree = (environment: 'sandbox' | 'production') =>
  ({ gateway: 'braintree', braintree: { environment } }) as PaymentConfig;

describe('payment CSP sources', () => {
  it("admits PayPal's and Google Pay's hosts only when their methods are enabled", () => {
    const cardOnly = paymentCspSources(braintree('production'), ['card', 'venmo', 'applePay']);
    const all = Object.values(cardOnly).flat();
    expect(all.some((host) => /paypalobjects|pay\.google|gstatic/.test(host))).toBe(false);
    expect(all).not.toContain('https://www.paypal.com');

    const wallets = paymentCspSources(braintree('sandbox'), PAYMENT_METHODS);
    expect(wallets.scriptSrc).toEqual(
      expect.arrayContaining(['https://www.paypalobjects.com', 'https://pay.google.com']),
    );
    expect(wallets.frameSrc).toEqual(
      expect.arrayContaining(['https://www.paypal.com', 'https://www.sandbox.paypal.com', 'https://pay.google.com']),
    );
    expect(wallets.connectSrc).toContain('https://www.sandbox.paypal.com');
    // Never a whole domain's wildcard.
    expect(
      Object.values(wallets)
        .flat()
        .some((host) => host.includes('*')),
    ).toBe(false);
    // The sandbox gateway's page needs nothing beyond its own origin, wallets and all.
    expect(paymentCspSources({ gateway: 'sandbox' } as PaymentConfig, PAYMENT_METHODS)).toEqual({});
  });
});
