/**
 * A claim quarter ('2026-Q1': 1 January to 31 March) as the instants bounding it in the UK. The
 * boundaries move with British Summer Time: Q2 starts at 1 April 00:00 BST, 23:00 UTC the day before.
 */
import { GIFT_AID_TIME_ZONE, quarterParts } from '@store/shared/gift-aid-claim';
import { zoneOffsetMinutes } from '@store/shared/zone-offset';
import { AppError } from '#src/errors/app-error';

export type ClaimQuarter = {
  quarter: string;
  /** The quarter's first instant. */
  start: Date;
  /** The next quarter's first instant (excluded). */
  end: Date;
};

/** Midnight starting the first of `month` (1-12, may be 13: January next year) in `timeZone`. */
function monthStart(year: number, month: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, 1);
  // The offset at the wall time read as UTC is right unless a clock change falls in between; a
  // second look at the instant found settles it (UK changes happen at 01:00 UTC, never at midnight).
  const first = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  return new Date(wall - zoneOffsetMinutes(new Date(first), timeZone) * 60_000);
}

/** The quarter's bounds; a string that is no quarter is refused naming `quarter`. */
export function claimQuarter(quarter: string): ClaimQuarter {
  const parts = quarterParts(quarter);
  if (!parts) {
    throw new AppError('validation_error', 'Invalid query string: quarter: must be a quarter as YYYY-Qn', {
      fields: { quarter: 'must be a quarter as YYYY-Qn (n from 1 to 4), such as 2026-Q4' },
    });
  }
  const firstMonth = (parts.quarter - 1) * 3 + 1;
  return {
    quarter,
    start: monthStart(parts.year, firstMonth, GIFT_AID_TIME_ZONE),
    end: monthStart(parts.year, firstMonth + 3, GIFT_AID_TIME_ZONE),
  };
}
