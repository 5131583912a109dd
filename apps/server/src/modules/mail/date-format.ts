/**
 * Dates as the e-mails write them, in the foundation's zone. One formatter per zone and style, made
 * once: building an Intl.DateTimeFormat costs about a millisecond, which every checkout paid twice
 * while it held its transaction open.
 */
export function cachedFormat(options: Intl.DateTimeFormatOptions): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = byZone.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      byZone.set(timeZone, format);
    }
    return format;
  };
}

const dateTimeFormat = cachedFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** `November 21, 2026 at 3:04 PM CST`: when a donation or a registration was made, with its zone. */
export function formatDateTime(date: Date, timeZone: string): string {
  return dateTimeFormat(timeZone).format(date);
}

const calendarDayFormat = cachedFormat({ year: 'numeric', month: 'long', day: 'numeric' })('UTC');

/** 'YYYY-MM-DD' as `December 28, 2026`: a calendar day (already the foundation's), so no zone is converted. */
export function formatCalendarDay(day: string): string {
  return calendarDayFormat.format(new Date(`${day}T12:00:00Z`));
}
