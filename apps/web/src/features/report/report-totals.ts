/** How the report words its totals: "1 donation", "12 donations, $340.00". */
import { formatDollars } from '@store/shared/money';
import { formatCount } from '#src/lib/format';

/** "1 donation" / "1,234 donations". */
export function donationCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'donation' : 'donations'}`;
}

/** The totals line: "12 donations, $340.00". */
export function totalsLine({ count, amount }: { count: number; amount: number }): string {
  return `${donationCount(count)}, ${formatDollars(amount)}`;
}
