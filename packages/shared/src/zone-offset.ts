/**
 * How far a time zone's wall clock is ahead of UTC at an instant, in minutes (Dallas in May: -300),
 * from the runtime's own zone data (Intl). One rule for turning a zone's wall-clock time into an
 * instant, on the server (a UK claim quarter's bounds) and in the back office (a session's start).
 */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((asUtc - instant.getTime()) / 60_000);
}
