/**
 * What the event's pages show in the page's language beyond their own messages: a session's time
 * and country names (texts from elsewhere: lib/i18n/known-text.ts).
 */
import { i18n } from '@lingui/core';
import { COUNTRIES, type Country, countryName } from '@store/shared/countries';
import { formatSessionStart, type SessionTimeStyle } from '@store/shared/session-time';
import { activeLocale, intlLocale } from '#src/lib/i18n/activate';
import { knownText } from '#src/lib/i18n/known-text';

/** A session's start in its own zone (session-time.ts), in the page's language. */
export function sessionStart(startsAt: string, timeZone: string, style: SessionTimeStyle = 'long'): string {
  return formatSessionStart(startsAt, timeZone, style, intlLocale());
}

const countryLists = new Map<string, readonly Country[]>();

/**
 * A country's name in the page's language, from the event catalogue (countries.ts says why not the
 * browser's Intl.DisplayNames). Undefined for a code that is no country of the list.
 */
export function countryLabel(code: string): string | undefined {
  const english = countryName(code);
  return english === undefined ? undefined : knownText(i18n, english);
}

/** Every country, named and sorted in the page's language (made once per language: 259 names). */
export function countryOptions(): readonly Country[] {
  if (activeLocale() === 'en') return COUNTRIES;
  const locale = intlLocale();
  let list = countryLists.get(locale);
  if (!list) {
    const collator = new Intl.Collator(locale);
    list = COUNTRIES.map(({ code, name }) => ({ code, name: countryLabel(code) ?? name })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    countryLists.set(locale, list);
  }
  return list;
}
