/** The Drop-in's options, from the site's payment methods (a pure function: no Drop-in needed). */
import { describe, expect, test } from 'vitest';
import { dropInOptions } from './drop-in-options';

describe("the Drop-in's payment options", () => {
  const base = { authorization: 'client-token-1', container: 'div', locale: 'en_US' };
  const choices = {
    methods: ['card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay'] as const,
    monthly: false,
    totalCents: 10_330,
    currency: 'USD' as const,
    merchantName: 'Sri Foundation',
  };

  test("offers every enabled method in the setting's order, each with what it needs", () => {
    const options = dropInOptions(base, choices);
    expect(options.paymentOptionPriority).toEqual(['card', 'paypal', 'paypalCredit', 'venmo', 'applePay', 'googlePay']);
    expect(options.paypal).toEqual({ flow: 'checkout', amount: '103.30', currency: 'USD' });
    expect(options.paypalCredit).toEqual({ flow: 'checkout', amount: '103.30', currency: 'USD' });
    expect(options.venmo).toEqual({ allowNewBrowserTab: false });
    expect(options.applePay).toEqual({
      displayName: 'Sri Foundation',
      paymentRequest: { total: { label: 'Sri Foundation', amount: '103.30' } },
    });
    expect(options.googlePay).toEqual({
      transactionInfo: { totalPriceStatus: 'FINAL', totalPrice: '103.30', currencyCode: 'USD' },
    });
    expect(options.card).toMatchObject({ cardholderName: { required: true } });
  });

  test('leaves out what the setting does not enable, asks PayPal to agree for a monthly gift, card alone by default', () => {
    const options = dropInOptions(base, { ...choices, methods: ['paypal', 'card'], monthly: true, currency: 'CAD' });
    expect(options.paymentOptionPriority).toEqual(['paypal', 'card']);
    expect(options.paypal).toEqual({ flow: 'vault', amount: '103.30', currency: 'CAD' });
    for (const key of ['paypalCredit', 'venmo', 'applePay', 'googlePay'] as const) expect(options[key]).toBeUndefined();
    expect(dropInOptions(base, { ...choices, methods: ['applePay'] }).card).toBe(false);
    expect(dropInOptions(base)).toEqual({
      ...base,
      card: { cardholderName: { required: true }, vault: { allowVaultCardOverride: false, vaultCard: false } },
      vaultManager: false,
      paymentOptionPriority: ['card'],
    });
  });
});
