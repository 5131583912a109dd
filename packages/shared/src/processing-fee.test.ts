import { describe, expect, it } from 'vitest';
import { coveredFeeCents, DEFAULT_PROCESSING_FEE, deductibleFeeCents } from './processing-fee';

describe('coveredFeeCents: what makes the net equal the gift', () => {
  const UK = { percent: 1.2, fixed: 0.2 };
  it.each([
    // gift cents, fee, what the donor adds
    [10_000, DEFAULT_PROCESSING_FEE, 330],
    [1, DEFAULT_PROCESSING_FEE, 31],
    [2500, DEFAULT_PROCESSING_FEE, 106],
    [99_999_999, DEFAULT_PROCESSING_FEE, 2_986_643],
    [10_000, { percent: 0, fixed: 0 }, 0],
    [10_000, { percent: 0, fixed: 0.3 }, 30],
    [10_000, UK, 142],
    [0, DEFAULT_PROCESSING_FEE, 0],
  ])('%i cents at %o adds %i', (gift, fee, expected) => {
    const added = coveredFeeCents(gift, fee);
    expect(added).toBe(expected);
    // The processor's fee on the whole charge leaves at least the gift, and a cent less would not.
    const net = (charge: number) => charge - (charge * fee.percent) / 100 - fee.fixed * 100;
    if (added > 0) {
      expect(net(gift + added)).toBeGreaterThanOrEqual(gift - 1e-6);
      expect(net(gift + added - 1)).toBeLessThan(gift);
    }
  });
});

describe('deductibleFeeCents: the gift share of the fee', () => {
  it('is all of it for a pure gift, none for a purchase, the share for a mix', () => {
    expect(deductibleFeeCents(330, 10_000, 10_000)).toBe(330);
    expect(deductibleFeeCents(46, 0, 500)).toBe(0);
    expect(deductibleFeeCents(136, 2500, 3500)).toBe(97);
    expect(deductibleFeeCents(0, 2500, 3500)).toBe(0);
  });
});
