import { describe, expect, test } from 'vitest';
import { describePerDay, fillMissingDays } from './per-day-series';

describe('per-day series', () => {
  test('days without donations are filled in as zero, in order', () => {
    expect(
      fillMissingDays([
        { day: '2026-03-02', count: 2, amount: 10 },
        { day: '2026-02-27', count: 1, amount: 5 },
      ]).map((p) => `${p.day}:${p.count}`),
    ).toEqual(['2026-02-27:1', '2026-02-28:0', '2026-03-01:0', '2026-03-02:2']);
  });

  test('a range longer than two years is drawn as given', () => {
    const points = [
      { day: '2020-01-01', count: 1, amount: 5 },
      { day: '2026-01-01', count: 1, amount: 5 },
    ];
    expect(fillMissingDays(points)).toEqual(points);
    expect(fillMissingDays([])).toEqual([]);
  });

  test('the summary names the range, the totals and the best day', () => {
    expect(describePerDay([{ day: '2026-03-05', count: 1, amount: 0.1 }])).toBe(
      'Donations per day, Mar 5, 2026: 1 donation, $0.10 in all; most on Mar 5, 2026 ($0.10).',
    );
    expect(describePerDay([])).toBe('Donations per day: none.');
  });
});
