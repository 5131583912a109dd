import { calendarDay } from '@store/shared/calendar-day';
import type { CartLine } from '@store/shared/cart';
import { formatCents } from '@store/shared/money';
import { billingDayFor, monthlyCents, monthlyTexts } from '@store/shared/monthly-lines';
import { useLingui } from '#src/lib/i18n/use-lingui';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';

type MonthlySummaryProps = {
  lines: readonly CartLine[];
  totalCents: number;
  className?: string;
  currency?: string;
  /** What covering the processing fee adds to each month's amount (0 or absent: nothing). */
  monthlyFee?: (perMonthCents: number) => number;
};

/**
 * What a bucket with a monthly line charges today, then every month on its billing day (today's day
 * of the month at the foundation, at most the 28th). The bucket and the checkout both show it; the
 * server bills on the foundation's day too, so the thank-you page and the dashboard name the same
 * day, wherever the donor's computer is.
 */
export function MonthlySummary({ lines, totalCents, className = '', currency, monthlyFee }: MonthlySummaryProps) {
  const { i18n } = useLingui();
  const timeZone = useFoundationTimeZone();
  const gifts = monthlyCents(lines);
  if (gifts === 0) return null;
  // A gift covering its fee is charged the fee each month too (monthly-giving's billing run).
  const perMonth = gifts + (monthlyFee?.(gifts) ?? 0);
  // No catalogue known (never in a served page, which embeds it): UTC's day, not the browser's.
  const day = billingDayFor(Number(calendarDay(new Date(), timeZone ?? 'UTC').slice(8, 10)));
  return (
    <div className={`monthly-summary ${className}`.trim()}>
      <p className="monthly-summary__today">
        {i18n._(monthlyTexts.today, { amount: formatCents(totalCents, currency) })}
      </p>
      <p className="monthly-summary__then">
        {i18n._(monthlyTexts.eachMonth, { amount: formatCents(perMonth, currency), day })}
      </p>
    </div>
  );
}

/** The "Monthly" mark of a monthly line. */
export function MonthlyBadge() {
  const { i18n } = useLingui();
  return <span className="badge badge--monthly">{i18n._(monthlyTexts.monthly)}</span>;
}
