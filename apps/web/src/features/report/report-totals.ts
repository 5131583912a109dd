/** How the report words its totals: "1 donation", "12 donations, $340.00". */
import { formatDollars } from '@store/shared/money';
import type { ReportResponse } from '@store/shared/report';
import { formatCount } from '#src/lib/format';

/** "1 donation" / "1,234 donations". */
export function donationCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'donation' : 'donations'}`;
}

type Totals = Pick<ReportResponse['totals'], 'count' | 'amount'> & Partial<ReportResponse['totals']>;

/**
 * "Processing fees covered: $4.62, by 2 of 3 gifts (67%)", or null when no paid card or
 * wallet gift is in the filter. The fees are part of the totals above; the share is of those gifts.
 */
export function feesLine(totals: Partial<ReportResponse['totals']>): string | null {
  const { fees, homeCurrency = 'USD' } = totals;
  if (!fees || fees.of === 0) return null;
  const share = Math.round((fees.covered / fees.of) * 100);
  return `Processing fees covered: ${formatDollars(fees.amount, homeCurrency)}, by ${formatCount(fees.covered)} of ${donationCount(fees.of)} (${share}%)`;
}

/**
 * The totals line: "12 donations, $340.00" when every gift is in the home currency; with others, the
 * whole at the orders' own rates and then each currency in its own money (decision 0040), and how
 * many wait for a day's rate: "14 donations, $392.61 at each day's rate: $340.00 · CA$51.00 · £25.00".
 */
export function totalsLine(totals: Totals): string {
  const { count, amount, homeCurrency = 'USD', byCurrency = [], unrated = 0 } = totals;
  const home = formatDollars(amount, homeCurrency);
  const onlyHome = byCurrency.every((c) => c.currency === homeCurrency) && unrated === 0;
  if (onlyHome) return `${donationCount(count)}, ${home}`;
  const each = byCurrency.map((c) => formatDollars(c.amount, c.currency)).join(' · ');
  const waiting = unrated > 0 ? `; ${donationCount(unrated)} without a rate yet, not in ${homeCurrency}` : '';
  return `${donationCount(count)}, ${home} at each day's rate: ${each}${waiting}`;
}
