/**
 * How the site writes dates and counts: the report's tables and chart, the account's history, the
 * back office. Every time is the foundation's (one zone for receipts, the report, the CSV and each
 * screen, whatever the visitor's computer is set to). Amounts use the shared money format
 * ($1,234.50, @store/shared/money).
 */
import { calendarDay } from '@store/shared/calendar-day';
import { intlLocale } from './i18n/activate';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Every format is in the page's language (en-US, te-IN, hi-IN), made once per language and options:
// building one costs more than formatting.
const formats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(name: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${locale} ${name}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

// Calendar days have no time zone: format them as UTC so "2026-03-05" never becomes Mar 4.
const dayFormat = () => dateFormat('day', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDayFormat = () => dateFormat('short-day', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function instantFormat(timeZone: string | null): Intl.DateTimeFormat {
  // No zone known: UTC, and the time says so ("5:06 AM UTC"), rather than the visitor's own zone
  // passed off as the foundation's.
  return dateFormat(`instant ${timeZone ?? ''}`, {
    dateStyle: 'medium',
    timeStyle: timeZone === null ? 'long' : 'short',
    timeZone: timeZone ?? 'UTC',
  });
}

/**
 * A day (YYYY-MM-DD) or an ISO instant, readable; anything else as it came. A day has no time and no
 * zone (an offline gift's date received). An instant is shown in `timeZone` (an IANA name, the
 * foundation's: useFoundationTimeZone), "Mar 5, 2026, 2:30 PM" for en-US; with `null` (the zone is
 * not known yet) in UTC, naming it.
 */
export function formatDate(value: string, timeZone: string | null): string {
  const time = Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return value;
  return (DAY.test(value) ? dayFormat() : instantFormat(timeZone)).format(time);
}

/**
 * Only the calendar day of a day or an instant, in `timeZone` (null: UTC), "Mar 5, 2026": where a
 * line names the day a gift was made and its time would be noise.
 */
export function formatDay(value: string, timeZone: string | null): string {
  if (DAY.test(value)) return formatCalendarDay(value);
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return formatCalendarDay(calendarDay(new Date(time), timeZone ?? 'UTC'));
}

/** A calendar day (YYYY-MM-DD), "Mar 5, 2026", the same wherever the visitor is; anything else as it came. */
export function formatCalendarDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return DAY.test(day) && !Number.isNaN(time) ? dayFormat().format(time) : day;
}

/** "Mar 5" for a chart's axis; anything that is not a day as it came. */
export function formatShortDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return DAY.test(day) && !Number.isNaN(time) ? shortDayFormat().format(time) : day;
}

/**
 * An IANA zone as people say it: "America/Chicago (CST)", or "(CDT)" in summer (the abbreviation
 * of `now`); a zone whose short name is itself ("UTC") once.
 */
export function describeTimeZone(timeZone: string, now = new Date()): string {
  const short = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(now)
    .find((part) => part.type === 'timeZoneName')?.value;
  return short && short !== timeZone ? `${timeZone} (${short})` : timeZone;
}

const countFormats = new Map<string, Intl.NumberFormat>();
export function formatCount(count: number): string {
  const locale = intlLocale();
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    countFormats.set(locale, format);
  }
  return format.format(count);
}

// A calendar day spelled out, as an event's date reads: "Saturday, May 15, 2027" for en-US.
const longDayFormat = () =>
  dateFormat('long-day', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A day (YYYY-MM-DD) in full, on the same calendar day wherever the visitor is; anything else as it came. */
export function formatLongDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return DAY.test(day) && !Number.isNaN(time) ? longDayFormat().format(time) : day;
}
