/**
 * A session's instants as its families read them: in the session's own zone, with the zone named
 * ("Saturday, May 15, 2027, 9:00 AM PDT"), so a family elsewhere is not misled by its own clock.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatSessionTime(instant: string, timeZone: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return instant;
  let format = formats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone });
      // dateStyle/timeStyle cannot name the zone; the short zone name is added from a second format.
    } catch {
      format = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' });
    }
    formats.set(timeZone, format);
  }
  const zone = zoneName(time, format.resolvedOptions().timeZone);
  return `${format.format(time)} ${zone}`;
}

function zoneName(time: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(time);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}
