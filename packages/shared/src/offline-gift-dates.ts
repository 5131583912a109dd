/**
 * Which days an offline gift may be dated: the open tax years, by default this year and last in
 * the foundation's zone, up to today (a gift is not received in the future). A gift dated in a
 * closed year would take a receipt number in that year's series and be missing from the statements
 * already sent for it; 0001-01-01 would print a receipt dated in 1900. The server refuses other days
 * and tells the back office form the same window for its date field.
 */
import { z } from 'zod';

/** OPEN_TAX_YEARS' default: this year and last (gifts entered in January for December). */
export const DEFAULT_OPEN_TAX_YEARS = 2;

const isoDay = z.iso.date();

export const offlineGiftDatesSchema = z.object({
  /** The first day of the earliest open tax year (YYYY-MM-DD). */
  earliest: isoDay,
  /** Today in the foundation's zone. */
  latest: isoDay,
});
export type OfflineGiftDates = z.infer<typeof offlineGiftDatesSchema>;

/** The window for `today` (YYYY-MM-DD, the foundation's) with this many open tax years, this one included. */
export function offlineGiftDates(today: string, openTaxYears: number): OfflineGiftDates {
  const firstYear = Number(today.slice(0, 4)) - (openTaxYears - 1);
  return { earliest: `${String(firstYear).padStart(4, '0')}-01-01`, latest: today };
}

const longDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/** What is wrong with the date (said of the field: 'must be …'), or undefined. */
export function offlineGiftDateProblem(receivedOn: string, dates: OfflineGiftDates): string | undefined {
  if (receivedOn > dates.latest) return 'cannot be in the future';
  if (receivedOn < dates.earliest) {
    const earliest = longDay.format(new Date(`${dates.earliest}T00:00:00Z`));
    return `must be on or after ${earliest}: earlier tax years are closed`;
  }
  return undefined;
}
