import { beforeEach, describe, expect, test, vi } from 'vitest';
import { showInLanguage } from '#src/test/in-language';
import { createDropInWidget } from './drop-in-card-widget';
import { dropInLocale } from './drop-in-locale';
import { dropInOptions } from './drop-in-options';

// Braintree's Drop-in loads only from Braintree's hosts: its create is a double here.
const { create } = vi.hoisted(() => ({
  create: vi.fn(async (_options: Record<string, unknown>) => ({
    isPaymentMethodRequestable: () => true,
    requestPaymentMethod: async () => ({ nonce: 'nonce-1', type: 'CreditCard' }),
    teardown: async () => {},
    on: () => {},
    updateConfiguration: () => {},
  })),
}));
vi.mock('braintree-web-drop-in', () => ({ default: { create } }));

describe("the Drop-in's language", () => {
  beforeEach(() => create.mockClear());

  test('is US English for every language of the site: the Drop-in has no Telugu or Hindi', () => {
    expect(dropInLocale('en')).toBe('en_US');
    expect(dropInLocale('te')).toBe('en_US');
    expect(dropInLocale('hi')).toBe('en_US');
  });

  test.each(['te', 'hi'] as const)('a page in %s builds it with its locale said', async (locale) => {
    await showInLanguage(locale);
    await createDropInWidget(document.createElement('div'), 'client-token-1');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ authorization: 'client-token-1', locale: 'en_US' }));
  });
});

describe("the Drop-in's payment options (issue 36)", () => {
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
