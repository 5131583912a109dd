/**
 * The per-day series as the chart draws it: days without donations filled in as zero (the server
 * lists only days that have some), so the bars keep the calendar's spacing, and a one-sentence
 * summary that stands in for the chart for screen readers.
 */
import { formatDollars } from '@store/shared/money';
import type { ReportResponse } from '@store/shared/report';
import { formatCalendarDay } from '#src/lib/format';
import { donationCount } from './report-totals';

export type DayPoint = ReportResponse['perDay'][number];

const DAY_MS = 86_400_000;
/** Two years of bars at most are filled; a longer range is drawn as given. */
const MAX_FILLED_DAYS = 731;

const dayTime = (day: string) => Date.parse(`${day}T00:00:00Z`);

export function fillMissingDays(points: readonly DayPoint[]): DayPoint[] {
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return sorted;
  const start = dayTime(first.day);
  const end = dayTime(last.day);
  if (Number.isNaN(start) || Number.isNaN(end) || (end - start) / DAY_MS >= MAX_FILLED_DAYS) return sorted;
  const byDay = new Map(sorted.map((point) => [point.day, point]));
  const filled: DayPoint[] = [];
  for (let time = start; time <= end; time += DAY_MS) {
    const day = new Date(time).toISOString().slice(0, 10);
    filled.push(byDay.get(day) ?? { day, count: 0, amount: 0 });
  }
  return filled;
}

/** "Donations per day, Mar 1, 2026 to Mar 5, 2026: 12 donations, $340.00 in all; most on Mar 3, 2026 ($150.00)." */
export function describePerDay(points: readonly DayPoint[]): string {
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return 'Donations per day: none.';
  const count = sorted.reduce((sum, p) => sum + p.count, 0);
  const cents = sorted.reduce((sum, p) => sum + Math.round(p.amount * 100), 0);
  const best = sorted.reduce((top, p) => (p.amount > top.amount ? p : top), first);
  const range =
    first.day === last.day
      ? formatCalendarDay(first.day)
      : `${formatCalendarDay(first.day)} to ${formatCalendarDay(last.day)}`;
  return (
    `Donations per day, ${range}: ${donationCount(count)}, ${formatDollars(cents / 100)} in all; ` +
    `most on ${formatCalendarDay(best.day)} (${formatDollars(best.amount)}).`
  );
}
