/**
 * The monthly giving summary (issue 22, MonthlyGivingSummary) as the report and the back office show
 * it: one compact line, "Monthly giving: 12 active · 2 paused · 1 cancelled · $640.00 a month ·
 * 3 declined charges in 30 days", and, when some gifts were paused after their last retry, a
 * highlighted line saying so (someone should call those donors). Each part keeps to one line when
 * the line wraps on a phone.
 */
import { formatDollars } from '@store/shared/money';
import type { MonthlyGivingSummary } from '@store/shared/monthly-giving';
import { formatCount } from '#src/lib/format';
import './monthly-giving-summary.css';

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The parts of the line, in order. */
export function monthlyGivingParts(summary: MonthlyGivingSummary): string[] {
  return [
    `${formatCount(summary.active)} active`,
    `${formatCount(summary.paused)} paused`,
    `${formatCount(summary.cancelled)} cancelled`,
    `${formatDollars(summary.monthlyRecurring)} a month`,
    `${plural(summary.failedCharges, 'declined charge', 'declined charges')} in 30 days`,
  ];
}

/** "2 gifts paused after their card was declined", or null when there are none. */
export function pausedForDeclinesText(summary: MonthlyGivingSummary): string | null {
  if (summary.pausedForDeclines === 0) return null;
  const gifts = plural(summary.pausedForDeclines, 'gift', 'gifts');
  return `${gifts} paused after every retry was declined: the donor needs to update the card.`;
}

type Props = { summary: MonthlyGivingSummary; className?: string };

export function MonthlyGivingSummaryPanel({ summary, className }: Props) {
  const none = summary.active + summary.paused + summary.cancelled === 0;
  const paused = pausedForDeclinesText(summary);
  const parts = monthlyGivingParts(summary);
  return (
    <section aria-label="Monthly giving" className={`monthly-summary${className ? ` ${className}` : ''}`}>
      <p className="monthly-summary__line">
        <strong>Monthly giving:</strong>{' '}
        {none
          ? 'no monthly gifts yet.'
          : parts.map((part, index) => (
              // Each part names what it counts ("active", "a month"…): no two are the same text.
              <span key={part}>
                <span className="monthly-summary__part">{part}</span>
                {index < parts.length - 1 ? ' · ' : ''}
              </span>
            ))}
      </p>
      {paused && <p className="monthly-summary__declined">{paused}</p>}
    </section>
  );
}
