/**
 * A claim quarter ('2026-Q1': 1 January to 31 March) as the instants bounding it in the UK. The
 * boundaries move with British Summer Time: Q2 starts at 1 April 00:00 BST, 23:00 UTC the day before.
 */
import { GIFT_AID_TIME_ZONE, quarterParts } from '@store/shared/gift-aid-claim';
import { AppError } from '#src/errors/app-error';

export type ClaimQuarter = {
  quarter: string;
  /** The quarter's first instant. */
  start: Date;
  /** The next quarter's first instant (excluded). */
  end: Date;
};

/** How far `timeZone`'s wall clock is ahead of UTC at `at`, in milliseconds. */
function zoneOffset(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .formatToParts(at)
    .reduce<Record<string, number>>((acc, p) => Object.assign(acc, { [p.type]: Number(p.value) }), {});
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** Midnight starting the first of `month` (1-12, may be 13: January next year) in `timeZone`. */
function monthStart(year: number, month: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, 1);
  // The offset at the wall time read as UTC is right unless a clock change falls in between; a
  // second look at the instant found settles it (UK changes happen at 01:00 UTC, never at midnight).
  const first = wall - zoneOffset(new Date(wall), timeZone);
  return new Date(wall - zoneOffset(new Date(first), timeZone));
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
