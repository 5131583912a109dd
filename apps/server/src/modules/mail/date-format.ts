/**
 * Dates as the e-mails write them, in the foundation's zone and the reader's language (decision
 * 0042: en-US for English, as before languages; te-IN and hi-IN). One formatter per language, zone
 * and style, made once: building an Intl.DateTimeFormat costs about a millisecond, which every
 * checkout paid twice while it held its transaction open.
 */
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';

export function cachedFormat(
  options: Intl.DateTimeFormatOptions,
): (timeZone: string, locale?: Locale) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone, locale = 'en') => {
    const key = `${locale} ${timeZone}`;
    let format = byZone.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone });
      byZone.set(key, format);
    }
    return format;
  };
}

const dateTimeFormat = cachedFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** `November 21, 2026 at 3:04 PM CST`: when a donation or a registration was made, with its zone. */
export function formatDateTime(date: Date, timeZone: string, locale: Locale = 'en'): string {
  return dateTimeFormat(timeZone, locale).format(date);
}

// A calendar day is not an instant: formatted at UTC, its own day comes back whatever the zone.
const dayFormat = cachedFormat({ year: 'numeric', month: 'long', day: 'numeric' });

/** `November 14, 2026` for a calendar day 'YYYY-MM-DD': a date that has no time of day. */
export function formatDay(day: string, locale: Locale = 'en'): string {
  return dayFormat('UTC', locale).format(new Date(`${day}T00:00:00Z`));
}

/**
 * When a gift was made, as its receipt says it: the day alone for a gift that has only a date (an
 * offline gift's `received_on`: its stored instant, noon, is no time anyone gave it), else the
 * instant with its zone.
 */
export function formatGiftDate(
  gift: { createdAt: Date; receivedOn: string | null },
  timeZone: string,
  locale: Locale = 'en',
): string {
  return gift.receivedOn ? formatDay(gift.receivedOn, locale) : formatDateTime(gift.createdAt, timeZone, locale);
}
