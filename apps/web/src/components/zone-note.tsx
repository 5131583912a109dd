/**
 * The one line that says which zone a page's times are in, once per page (or table section) that
 * shows a time: "Dates and times in America/Chicago (CST), the foundation's time zone." A page of
 * calendar days only needs none.
 */
import { i18n } from '@lingui/core';
import { describeTimeZone } from '#src/lib/format';
import { useFoundationTimeZone } from '#src/lib/use-foundation-time-zone';

/** "Dates and times in America/Chicago (CST), the foundation's time zone." */
export function zoneNote(timeZone: string): string {
  return i18n._("Dates and times in {zone}, the foundation's time zone.", { zone: describeTimeZone(timeZone) });
}

/** `timeZone`: the zone the page's data came in (the report's API answers with it); else the foundation's. */
export function ZoneNote({ timeZone }: { timeZone?: string }) {
  const foundation = useFoundationTimeZone();
  const zone = timeZone ?? foundation;
  // Unknown zone: each time names UTC itself (formatDate), so a note would only repeat it.
  if (zone === null) return null;
  return <p className="zone-note">{zoneNote(zone)}</p>;
}
