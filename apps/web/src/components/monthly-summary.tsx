import type { CartLine } from '@store/shared/cart';
import { formatCents } from '@store/shared/money';
import { billingDayFor, monthlyCents, monthlyTexts, ordinalDay } from '@store/shared/monthly-lines';

type MonthlySummaryProps = { lines: readonly CartLine[]; totalCents: number; className?: string };

/**
 * Issue 22: what a bucket with a monthly line charges today, then every month on its billing day
 * (today's day of the month, at most the 28th). The bucket and the checkout both show it. The day is
 * the browser's; the server's answer (the thank-you page) names the day the foundation's zone gives.
 */
export function MonthlySummary({ lines, totalCents, className = '' }: MonthlySummaryProps) {
  const perMonth = monthlyCents(lines);
  if (perMonth === 0) return null;
  const day = ordinalDay(billingDayFor(new Date().getDate()));
  return (
    <div className={`monthly-summary ${className}`.trim()}>
      <p className="monthly-summary__today">{monthlyTexts.today(formatCents(totalCents))}</p>
      <p className="monthly-summary__then">{monthlyTexts.eachMonth(formatCents(perMonth), day)}</p>
    </div>
  );
}

/** The "Monthly" mark of a monthly line. */
export function MonthlyBadge() {
  return <span className="badge badge--monthly">{monthlyTexts.monthly}</span>;
}
