import { describe, expect, test } from 'vitest';
import { exclusionText, isYearOpen, statementPreviewSummary, statementSentSummary } from './year-end-statements';

describe('the year-end statements texts', () => {
  test('count one and many in words that agree', () => {
    expect(statementPreviewSummary({ year: 2026, donors: 1, queued: 1, alreadyQueued: 0 })).toBe(
      '2026: 1 donor gets a statement; 1 statement would be sent now, 0 were sent before.',
    );
    expect(statementPreviewSummary({ year: 2026, donors: 3, queued: 2, alreadyQueued: 1 })).toBe(
      '2026: 3 donors get a statement; 2 statements would be sent now, 1 was sent before.',
    );
    expect(statementSentSummary({ year: 2026, queued: 1, alreadyQueued: 2 })).toBe(
      '2026: 1 statement is on its way; 2 had been sent before.',
    );
    expect(exclusionText({ reason: 'refunded', gifts: 1, donorsWithout: 0 })).toBe(
      '1 gift refunded in full or voided is left out: nothing of it was given.',
    );
    expect(exclusionText({ reason: 'test', gifts: 3, donorsWithout: 2 })).toBe(
      '3 test orders are left out: test payments move no money. 2 donors made only test orders and get no statement.',
    );
  });

  test("a year stays open until December 31 ends in the foundation's zone", () => {
    // 11:30 pm on Dec 31 in Chicago is already January 1 in UTC.
    expect(isYearOpen(2026, 'America/Chicago', new Date('2027-01-01T05:30:00Z'))).toBe(true);
    expect(isYearOpen(2026, 'America/Chicago', new Date('2027-01-01T06:30:00Z'))).toBe(false);
    expect(isYearOpen(2027, 'America/Chicago', new Date('2026-11-28T12:00:00Z'))).toBe(true);
  });
});
