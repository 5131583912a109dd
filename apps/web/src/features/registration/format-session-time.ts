/**
 * When a session starts, in its own zone and naming it: "Sat, May 15, 2027, 9:00 AM PDT". A family
 * in Dallas choosing the Fremont session sees Fremont's time, as the hall's clock will show it.
 */
export function formatSessionTime(startsAt: string, timeZone: string): string {
  const time = Date.parse(startsAt);
  if (Number.isNaN(time)) return startsAt;
  try {
    return new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(time);
  } catch {
    // An unknown zone name: the instant in UTC, saying so, rather than nothing.
    return `${new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(time)} UTC`;
  }
}
