/**
 * Dates on a Telugu or Hindi document (statements, tickets): in the language's conventions
 * (te-IN, hi-IN: day before month, its month names), the time zone by the abbreviation the family
 * knows from the English pages ('CDT'), which te-IN and hi-IN would write as 'GMT-5'.
 */
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';
import { zonedFormat } from '@store/shared/session-time';

/** `date` in `locale`'s form; with `timeZoneName` set, the zone named as in English. */
export function dateTimeIn(date: Date, timeZone: string, locale: Locale, options: Intl.DateTimeFormatOptions): string {
  const parts = zonedFormat(INTL_LOCALE[locale], timeZone, options).formatToParts(date);
  if (!options.timeZoneName) return parts.map((part) => part.value).join('');
  const zone = zonedFormat('en-US', timeZone, { timeZoneName: options.timeZoneName })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return parts.map((part) => (part.type === 'timeZoneName' && zone ? zone : part.value)).join('');
}
