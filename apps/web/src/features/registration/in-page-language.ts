/**
 * What the event's pages show in the page's language beyond their own messages: texts that came
 * from elsewhere (the server's answers, the shared schemas' messages), a session's time, and
 * country names.
 */
import type { I18n } from '@lingui/core';
import { COUNTRIES, type Country, countryName } from '@store/shared/countries';
import { formatSessionStart, type SessionTimeStyle } from '@store/shared/session-time';
import { activeLocale, intlLocale } from '#src/lib/i18n/activate';

/**
 * A text that came from elsewhere, in the page's language when the catalogues hold it (a message's
 * id is its English text), else as it came. The schemas' messages are always ours; the server's
 * refusals are worded in English, with our messages where it has them ('This link has expired…',
 * a refused field's 'Age is required'), and its own sentences otherwise, which are shown as written.
 */
export function knownText(i18n: I18n, text: string): string {
  return Object.hasOwn(i18n.messages, text) ? i18n._(text) : text;
}

/** A session's start in its own zone (session-time.ts), in the page's language. */
export function sessionStart(startsAt: string, timeZone: string, style: SessionTimeStyle = 'long'): string {
  return formatSessionStart(startsAt, timeZone, style, intlLocale());
}

const regionNames = new Map<string, Intl.DisplayNames>();
const countryLists = new Map<string, readonly Country[]>();

/**
 * A country's name in the page's language: English as the shared list writes it (the form's words
 * before languages), else the browser's own names (Intl.DisplayNames). Undefined for a code that is
 * no country of the list.
 */
export function countryLabel(code: string): string | undefined {
  const english = countryName(code);
  if (english === undefined || activeLocale() === 'en') return english;
  const locale = intlLocale();
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNames.set(locale, names);
  }
  return names.of(code) ?? english;
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
