/**
 * A session's start as a family reads it: in the session's own time zone (a Fremont session at
 * 9:00 AM Pacific reads 9:00 AM wherever the reader is), with the zone named so nobody converts:
 * "Saturday, May 15, 2027 at 9:00 AM PDT". ONE format for the pages, the e-mails and the tickets.
 */
/** `long` for pages, e-mails and tickets; `short` where space is tight (the form's session cards): "Sat, May 15, 2027, 9:00 AM PDT". */
export type SessionTimeStyle = 'long' | 'short';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per locale, zone and options, made once (each costs about a millisecond). An unknown
 * zone name (a typo in a session's settings) falls back to UTC: it must not blank a page or fail a
 * mail or a document.
 */
export function zonedFormat(
  locale: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

function formatIn(timeZone: string, style: SessionTimeStyle, locale: string): Intl.DateTimeFormat {
  return zonedFormat(locale, timeZone, {
    weekday: style,
    year: 'numeric',
    month: style,
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** `locale`: the `Intl` locale of the reader's language (INTL_LOCALE); English, en-US, unless given. */
export function formatSessionStart(
  startsAt: Date | string,
  timeZone: string,
  style: SessionTimeStyle = 'long',
  locale = 'en-US',
): string {
  const instant = typeof startsAt === 'string' ? new Date(startsAt) : startsAt;
  if (Number.isNaN(instant.getTime())) return String(startsAt);
  return formatIn(timeZone, style, locale).format(instant);
}
