import { calendarDay } from '@store/shared/calendar-day';
import type { CartLine } from '@store/shared/cart';
import { formatCents } from '@store/shared/money';
import { billingDayFor, monthlyCents, monthlyTexts, ordinalDay } from '@store/shared/monthly-lines';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';

type MonthlySummaryProps = { lines: readonly CartLine[]; totalCents: number; className?: string; currency?: string };

/**
 * What a bucket with a monthly line charges today, then every month on its billing day (today's day
 * of the month at the foundation, at most the 28th). The bucket and the checkout both show it; the
 * server bills on the foundation's day too, so the thank-you page and the dashboard name the same
 * day, wherever the donor's computer is.
 */
export function MonthlySummary({ lines, totalCents, className = '', currency }: MonthlySummaryProps) {
  const timeZone = useFoundationTimeZone();
  const perMonth = monthlyCents(lines);
  if (perMonth === 0) return null;
  // No catalogue known (never in a served page, which embeds it): UTC's day, not the browser's.
  const day = ordinalDay(billingDayFor(Number(calendarDay(new Date(), timeZone ?? 'UTC').slice(8, 10))));
  return (
    <div className={`monthly-summary ${className}`.trim()}>
      <p className="monthly-summary__today">{monthlyTexts.today(formatCents(totalCents, currency))}</p>
      <p className="monthly-summary__then">{monthlyTexts.eachMonth(formatCents(perMonth, currency), day)}</p>
    </div>
  );
}

/** The "Monthly" mark of a monthly line. */
export function MonthlyBadge() {
  return <span className="badge badge--monthly">{monthlyTexts.monthly}</span>;
}
