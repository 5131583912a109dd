/**
 * The offline gift's open days turn with the foundation's calendar, not the machine's: on the
 * evening of December 31 in Chicago (already January 1 in UTC, the process's zone on CI) the form's
 * today is still December 31 and last year is still open.
 */
import { describe, expect, it } from 'vitest';
import { offlineGiftDatesNow } from './offline-gift-dates-now';

describe('offlineGiftDatesNow', () => {
  it("is today and the open tax years at the foundation, around its New Year's midnight", () => {
    const at = (iso: string) => offlineGiftDatesNow('America/Chicago', 2, new Date(iso));
    expect(at('2027-01-01T05:30:00Z')).toEqual({ earliest: '2025-01-01', latest: '2026-12-31' });
    expect(at('2027-01-01T06:30:00Z')).toEqual({ earliest: '2026-01-01', latest: '2027-01-01' });
    // Far east of UTC the day turns first: 11:30 pm UTC on December 31 is January 1 in Kolkata.
    expect(offlineGiftDatesNow('Asia/Kolkata', 2, new Date('2026-12-31T23:30:00Z')).latest).toBe('2027-01-01');
  });
});
