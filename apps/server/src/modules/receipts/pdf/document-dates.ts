/**
 * Dates on a Telugu or Hindi document (statements, tickets): in the language's conventions
 * (te-IN, hi-IN: day before month, its month names), the time zone by the abbreviation the family
 * knows from the English pages ('CDT'), which te-IN and hi-IN would write as 'GMT-5'.
 */
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, zone and options, made once (each costs about a millisecond). */
function formatIn(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An unknown zone name (a typo in a session's settings) must not fail a document.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    formats.set(key, format);
  }
  return format;
}

/** `date` in `locale`'s form; with `timeZoneName` set, the zone named as in English. */
export function dateTimeIn(date: Date, timeZone: string, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const parts = formatIn(INTL_LOCALE[locale], timeZone, options).formatToParts(date);
  if (!options.timeZoneName) return parts.map((part) => part.value).join('');
  const zone = formatIn('en-US', timeZone, { timeZoneName: options.timeZoneName })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return parts.map((part) => (part.type === 'timeZoneName' && zone ? zone : part.value)).join('');
}
