import { describe, expect, it } from 'vitest';
import { cardOutcome, cardTypeName, decideSale, fakeNonceOutcome } from './sandbox-outcomes';

describe('sandbox outcomes (Braintree sandbox conventions)', () => {
  it('declines the processor-declined test cards and approves others', () => {
    expect(cardOutcome('4000111111111115')).toBe('decline');
    expect(cardOutcome('5105105105105100')).toBe('decline');
    expect(cardOutcome('4111111111111111')).toBe('approve');
    expect(cardOutcome('5555555555554444')).toBe('approve');
  });

  it('reads the fake nonces', () => {
    expect(fakeNonceOutcome('fake-valid-nonce')).toBe('approve');
    expect(fakeNonceOutcome('fake-valid-amex-nonce')).toBe('approve');
    expect(fakeNonceOutcome('fake-processor-declined-visa-nonce')).toBe('decline');
    expect(fakeNonceOutcome('tokencc_sandbox_abc')).toBeNull();
    expect(fakeNonceOutcome('fake-valid-nonce-x')).toBeNull();
  });

  it('declines 2000.00–2999.99 with the dollars as the code; a declining card always with 2000', () => {
    expect(decideSale('approve', 199_999)).toEqual({ approved: true, processor: { code: '1000', text: 'Approved' } });
    expect(decideSale('approve', 200_000).processor).toEqual({ code: '2000', text: 'Do Not Honor' });
    expect(decideSale('approve', 204_699).processor).toEqual({ code: '2046', text: 'Declined' });
    expect(decideSale('approve', 250_000).processor).toEqual({ code: '2500', text: 'Processor Declined' });
    expect(decideSale('approve', 299_999)).toMatchObject({ approved: false, processor: { code: '2999' } });
    expect(decideSale('approve', 300_000).approved).toBe(true);
    expect(decideSale('decline', 100)).toMatchObject({ approved: false, processor: { code: '2000' } });
  });

  it("names brands as Braintree's cardType does", () => {
    expect(cardTypeName('american-express')).toBe('American Express');
    expect(cardTypeName('mastercard')).toBe('MasterCard');
    expect(cardTypeName(null)).toBe('Unknown');
  });
});
