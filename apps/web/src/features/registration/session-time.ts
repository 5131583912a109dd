/** A session's start in its own zone, with the zone named: "Saturday, May 15, 2027 at 9:00 AM (CDT)". */
export function sessionTime(startsAt: string, timeZone: string): string {
  const time = Date.parse(startsAt);
  if (Number.isNaN(time)) return startsAt;
  try {
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(time);
    return `${when} (${zoneName(time, timeZone)})`;
  } catch {
    // An unknown zone name (a typo in a session's settings) must not blank the page.
    return new Date(time).toUTCString();
  }
}

function zoneName(time: number, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(time)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}
