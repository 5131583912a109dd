import { beforeEach, describe, expect, test, vi } from 'vitest';
import { showInLanguage } from '#src/test/in-language';
import { createDropInWidget } from './drop-in-card-widget';
import { dropInLocale } from './drop-in-locale';

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
