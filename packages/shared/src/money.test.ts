import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  formatCents,
  formatDollars,
  formatDollarsShort,
  isWholeCents,
  MAX_AMOUNT_CENTS,
  parseDonationAmount,
} from './money';

describe('dollarsToCents', () => {
  it('converts without floating-point drift', () => {
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(2500)).toBe(250000);
    expect(dollarsToCents(1.005)).toBe(101);
  });
});

describe('isWholeCents', () => {
  it('takes whole cents despite binary noise and refuses fractions of a cent', () => {
    for (const dollars of [0.29, 0.1 + 0.2, 19.99, 2500, 1_000_000])
      expect(isWholeCents(dollars), String(dollars)).toBe(true);
    for (const dollars of [9.991, 0.001, 35.004, 0.005]) expect(isWholeCents(dollars), String(dollars)).toBe(false);
  });
});

describe('formatting', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatCents(500)).toBe('$5.00');
    expect(formatCents(250000)).toBe('$2,500.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatDollars(25.5)).toBe('$25.50');
  });
});

describe('parseDonationAmount', () => {
  it.each([
    ['25', 2500],
    [' 25 ', 2500],
    ['0.5', 50],
    ['.75', 75],
    ['10.129', 1013],
    ['1000000', MAX_AMOUNT_CENTS],
  ])('accepts %j as %i cents', (input, cents) => {
    expect(parseDonationAmount(input)).toBe(cents);
  });

  it.each(['', '0', '0.00', '0.001', '-5', 'abc', '1e3', 'NaN', 'Infinity', '12,50', '1000000.01', '5 5'])(
    'refuses %j',
    (input) => {
      expect(parseDonationAmount(input)).toBeNull();
    },
  );
});

describe('formatDollarsShort', () => {
  it('leaves out the cents of whole dollars and keeps them otherwise', () => {
    expect(formatDollarsShort(101)).toBe('$101');
    expect(formatDollarsShort(1116)).toBe('$1,116');
    expect(formatDollarsShort(10.5)).toBe('$10.50');
    expect(formatDollarsShort(0.29)).toBe('$0.29');
  });
});
