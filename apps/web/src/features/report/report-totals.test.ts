import { describe, expect, test } from 'vitest';
import { feesLine, totalsLine } from './report-totals';

describe('the totals line', () => {
  test('reads as it always did when every gift is in the home currency', () => {
    expect(totalsLine({ count: 12, amount: 340 })).toBe('12 donations, $340.00');
    expect(
      totalsLine({ count: 1, amount: 5, homeCurrency: 'USD', byCurrency: [{ currency: 'USD', count: 1, amount: 5 }] }),
    ).toBe('1 donation, $5.00');
  });

  test('gives the whole at home, then each currency in its own money, never added up unconverted', () => {
    expect(
      totalsLine({
        count: 14,
        amount: 408.3,
        homeCurrency: 'USD',
        byCurrency: [
          { currency: 'USD', count: 12, amount: 340 },
          { currency: 'CAD', count: 1, amount: 51 },
          { currency: 'GBP', count: 1, amount: 25 },
        ],
        unrated: 0,
      }),
    ).toBe("14 donations, $408.30 at each day's rate: $340.00 · CA$51.00 · £25.00");
  });

  test('says how many gifts wait for a day’s rate and are not in the home total', () => {
    expect(
      totalsLine({
        count: 2,
        amount: 10,
        homeCurrency: 'USD',
        byCurrency: [
          { currency: 'USD', count: 1, amount: 10 },
          { currency: 'GBP', count: 1, amount: 25 },
        ],
        unrated: 1,
      }),
    ).toBe("2 donations, $10.00 at each day's rate: $10.00 · £25.00; 1 donation without a rate yet, not in USD");
  });
});

describe('the fees line', () => {
  test('says the fees covered at home and the share of gifts that covered them; nothing without gifts', () => {
    expect(feesLine({ homeCurrency: 'USD', fees: { amount: 4.62, covered: 2, of: 3 } })).toBe(
      'Processing fees covered: $4.62, by 2 of 3 donations (67%)',
    );
    expect(feesLine({ fees: { amount: 0, covered: 0, of: 0 } })).toBeNull();
    expect(feesLine({})).toBeNull();
  });
});
