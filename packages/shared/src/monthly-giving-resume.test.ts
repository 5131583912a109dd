import { describe, expect, it } from 'vitest';
import { resumedSchedule } from './monthly-giving';

describe('resumedSchedule', () => {
  it('charges on this month’s billing day when it has not passed yet (today counts)', () => {
    expect(resumedSchedule('2027-03-10', 15)).toEqual({ period: '2027-03', chargeOn: '2027-03-15' });
    expect(resumedSchedule('2027-03-15', 15)).toEqual({ period: '2027-03', chargeOn: '2027-03-15' });
  });

  it('waits for next month’s billing day when this month’s has passed, across the year’s end', () => {
    expect(resumedSchedule('2027-03-16', 15)).toEqual({ period: '2027-04', chargeOn: '2027-04-15' });
    expect(resumedSchedule('2027-12-31', 28)).toEqual({ period: '2028-01', chargeOn: '2028-01-28' });
    expect(resumedSchedule('2027-02-01', 1)).toEqual({ period: '2027-02', chargeOn: '2027-02-01' });
  });
});
