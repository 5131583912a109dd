/**
 * A session's start is a wall-clock time in the session's own zone (9 AM in Dallas, whatever the
 * editor's browser): the form's date-and-time field holds that wall-clock time, and the API takes
 * it as ISO 8601 with the zone's offset on that day.
 */

import { zoneOffsetMinutes } from '@store/shared/zone-offset';

const pad = (n: number) => String(n).padStart(2, '0');

/** '2027-05-15T09:00' in America/Chicago -> '2027-05-15T09:00:00-05:00'; null when not a date and time. */
export function zonedIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  let offset: number;
  try {
    // The offset at the wall time read as UTC, corrected once: right on either side of a DST change.
    offset = zoneOffsetMinutes(new Date(wall), timeZone);
    offset = zoneOffsetMinutes(new Date(wall - offset * 60_000), timeZone);
  } catch {
    return null;
  }
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant as the date-and-time field shows it in `timeZone`: '2027-05-15T09:00'. */
export function localInputValue(iso: string, timeZone: string): string {
  const instant = new Date(iso);
  const local = new Date(instant.getTime() + zoneOffsetMinutes(instant, timeZone) * 60_000);
  return local.toISOString().slice(0, 16);
}
