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

// A calendar day is not an instant: formatted at UTC, its own day comes back whatever the zone.
const dayFormat = cachedFormat({ year: 'numeric', month: 'long', day: 'numeric' })('UTC');

/** `November 14, 2026` for a calendar day 'YYYY-MM-DD': a date that has no time of day. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/**
 * When a gift was made, as its receipt says it: the day alone for a gift that has only a date (an
 * offline gift's `received_on`: its stored instant, noon, is no time anyone gave it), else the
 * instant with its zone.
 */
export function formatGiftDate(gift: { createdAt: Date; receivedOn: string | null }, timeZone: string): string {
  return gift.receivedOn ? formatDay(gift.receivedOn) : formatDateTime(gift.createdAt, timeZone);
}
