/**
 * A session's start as a family reads it: in the session's own time zone (a Fremont session at
 * 9:00 AM Pacific reads 9:00 AM wherever the reader is), with the zone named so nobody converts.
 */
export function formatSessionStart(startsAt: Date | string, timeZone: string): string {
  const instant = typeof startsAt === 'string' ? new Date(startsAt) : startsAt;
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}
