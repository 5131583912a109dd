import { describe, expect, it } from 'vitest';
import { cardErrors, cardFieldError, cvvLength, detectBrand, widgetMessages } from './card';

const now = new Date('2026-11-21T12:00:00Z');
const good = { number: '4111 1111 1111 1111', expirationDate: '12/30', cvv: '123', cardholderName: 'Asha Rao' };

describe('detectBrand', () => {
  it.each([
    ['4111111111111111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['378282246310005', 'american-express'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'jcb'],
    ['36259600000004', 'diners-club'],
  ])('%s is %s', (number, brand) => {
    expect(detectBrand(number)).toBe(brand);
  });

  it('needs enough digits to tell', () => {
    expect(detectBrand('')).toBeNull();
  });
});

describe('card fields', () => {
  it('accepts a valid card', () => {
    expect(cardErrors(good, now)).toEqual({});
  });

  it('requires every field', () => {
    expect(cardErrors({ number: '', expirationDate: '', cvv: '', cardholderName: ' ' }, now)).toEqual({
      number: widgetMessages.numberRequired,
      expirationDate: widgetMessages.expiryRequired,
      cvv: widgetMessages.cvvRequired,
      cardholderName: widgetMessages.nameRequired,
    });
  });

  it('checks the number with Luhn and at most 19 digits', () => {
    expect(cardFieldError('number', { ...good, number: '4111 1111 1111 1112' }, now)).toBe(
      widgetMessages.numberInvalid,
    );
    expect(cardFieldError('number', { ...good, number: '4'.repeat(20) }, now)).toBe(widgetMessages.numberInvalid);
    expect(cardFieldError('number', { ...good, number: '4111-1111-1111-1111' }, now)).toBeNull();
  });

  it('wants 3 CVV digits, or 4 for American Express', () => {
    expect(cvvLength(detectBrand('378282246310005'))).toBe(4);
    expect(cardFieldError('cvv', { ...good, cvv: '1234' }, now)).toBe(widgetMessages.cvvInvalid);
    expect(cardFieldError('cvv', { ...good, number: '378282246310005', cvv: '1234' }, now)).toBeNull();
    expect(cardFieldError('cvv', { ...good, number: '378282246310005', cvv: '123' }, now)).toBe(
      widgetMessages.cvvInvalid,
    );
  });

  it('refuses an expiry month already past, accepts the current month', () => {
    expect(cardFieldError('expirationDate', { ...good, expirationDate: '10/26' }, now)).toBe(
      widgetMessages.expiryInvalid,
    );
    expect(cardFieldError('expirationDate', { ...good, expirationDate: '11/26' }, now)).toBeNull();
    expect(cardFieldError('expirationDate', { ...good, expirationDate: '13/27' }, now)).toBe(
      widgetMessages.expiryInvalid,
    );
  });

  it('keeps the cardholder name under 256 characters', () => {
    expect(cardFieldError('cardholderName', { ...good, cardholderName: 'x'.repeat(255) }, now)).toBeNull();
    expect(cardFieldError('cardholderName', { ...good, cardholderName: 'x'.repeat(256) }, now)).toBe(
      widgetMessages.nameTooLong,
    );
  });
});
