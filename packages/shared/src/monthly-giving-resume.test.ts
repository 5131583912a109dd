import { describe, expect, it } from 'vitest';
import { resumedSchedule } from './monthly-giving';

describe('resumedSchedule', () => {
  it('charges on this month’s billing day when it has not passed yet (today counts)', () => {
    expect(resumedSchedule('2027-03-10', 15, '2027-02')).toEqual({ period: '2027-03', chargeOn: '2027-03-15' });
    expect(resumedSchedule('2027-03-15', 15, '2027-03')).toEqual({ period: '2027-03', chargeOn: '2027-03-15' });
  });

  it('waits for next month’s billing day when this month’s has passed, across the year’s end', () => {
    expect(resumedSchedule('2027-03-16', 15, '2027-03')).toEqual({ period: '2027-04', chargeOn: '2027-04-15' });
    expect(resumedSchedule('2027-12-31', 28, '2027-10')).toEqual({ period: '2028-01', chargeOn: '2028-01-28' });
    expect(resumedSchedule('2027-02-01', 1, '2027-02')).toEqual({ period: '2027-02', chargeOn: '2027-02-01' });
  });

  it('never goes back before the first unpaid month: a gift paused in the month its checkout paid', () => {
    // Started 2026-11-27 (the checkout paid November; December is next), paused and resumed that day.
    expect(resumedSchedule('2026-11-27', 27, '2026-12')).toEqual({ period: '2026-12', chargeOn: '2026-12-27' });
    // Paid through March, resumed on 10 February: March is the next charge, not February.
    expect(resumedSchedule('2027-02-10', 15, '2027-04')).toEqual({ period: '2027-04', chargeOn: '2027-04-15' });
  });
});
