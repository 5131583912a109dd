import { describe, expect, test } from 'vitest';
import { formatDate, formatDay } from './format';

// 11:30 PM on New Year's Eve in Chicago: already Jan 1 in UTC and in India.
const NEW_YEARS_EVE = '2027-01-01T05:30:00.000Z';

describe('formatDate', () => {
  test("an instant is shown in the zone given, not the computer's", () => {
    expect(formatDate(NEW_YEARS_EVE, 'America/Chicago')).toBe('Dec 31, 2026, 11:30 PM');
    expect(formatDate(NEW_YEARS_EVE, 'Asia/Kolkata')).toBe('Jan 1, 2027, 11:00 AM');
  });

  test('a day (a gift that has only a date) has no time, in any zone', () => {
    expect(formatDate('2026-12-31', 'America/Chicago')).toBe('Dec 31, 2026');
    expect(formatDate('2026-12-31', 'Pacific/Kiritimati')).toBe('Dec 31, 2026');
    expect(formatDate('2026-12-31', null)).toBe('Dec 31, 2026');
  });

  test('with no zone known the time is UTC and says so', () => {
    expect(formatDate(NEW_YEARS_EVE, null)).toBe('Jan 1, 2027, 5:30:00 AM UTC');
  });

  test('anything else is shown as it came', () => {
    expect(formatDate('soon', 'America/Chicago')).toBe('soon');
  });
});

describe('formatDay', () => {
  test("an instant's calendar day in the zone given; a day as it is", () => {
    expect(formatDay(NEW_YEARS_EVE, 'America/Chicago')).toBe('Dec 31, 2026');
    expect(formatDay(NEW_YEARS_EVE, 'Asia/Kolkata')).toBe('Jan 1, 2027');
    expect(formatDay('2026-12-31', 'Asia/Kolkata')).toBe('Dec 31, 2026');
  });
});
