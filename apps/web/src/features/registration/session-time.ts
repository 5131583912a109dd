/** A session's start in its own zone, with the zone named: "Saturday, May 15, 2027 at 9:00 AM CDT". */
export function sessionTime(startsAt: string, timeZone: string): string {
  const time = Date.parse(startsAt);
  if (Number.isNaN(time)) return startsAt;
  try {
    return (
      new Intl.DateTimeFormat('en-US', {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone,
      }).format(time) + ` (${zoneName(time, timeZone)})`
    );
  } catch {
    return new Date(time).toUTCString();
  }
}

function zoneName(time: number, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(time)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
