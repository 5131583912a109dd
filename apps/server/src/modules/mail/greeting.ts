/**
 * The name after "Dear" in an e-mail the foundation sends (issue 18, point 3). Names are typed by
 * whoever filled in a form, and the greeting is where the foundation speaks: "Dear Your account is
 * suspended: verify at http://evil.example/login," reads as our own words. So the greeting takes a
 * first name only, and only one that looks like a name (letters, with the spaces, apostrophes,
 * hyphens and full stops names have), cut to a few words; anything else is greeted as 'friend'. The
 * full names still appear in the message's tables, where they read as what was typed. The HTML
 * layout escapes it like every value. 'friend' is in the reader's language (`locale`).
 */
import type { Locale } from '@store/shared/i18n/locales';
import { serverI18n } from '#src/i18n/server-i18n';

export const GREETING_FALLBACK = /*i18n*/ 'friend';
/** Long enough for "Sri Venkata Satya" or "Anne-Marie"; too short for a sentence. */
export const GREETING_MAX_LENGTH = 24;

const NAME_SHAPE = /^\p{L}[\p{L}\p{M}' .\u2019-]*$/u;

export function greetingName(firstName: string | null | undefined, locale: Locale = 'en'): string {
  const i18n = serverI18n(locale);
  const fallback = i18n._(GREETING_FALLBACK);
  const name = (firstName ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name === '' || !NAME_SHAPE.test(name)) return fallback;
  if (name.length <= GREETING_MAX_LENGTH) return name;
  // Whole words up to the limit; a single word longer than the limit is no first name.
  let cut = '';
  for (const word of name.split(' ')) {
    const next = cut === '' ? word : `${cut} ${word}`;
    if (next.length > GREETING_MAX_LENGTH) break;
    cut = next;
  }
  return cut === '' ? fallback : cut;
}
