/**
 * How a stored registrant reads in words, for the confirmation e-mail and the report alike: one
 * place decides what "parents" and "location" say, so the visitor and the organisers see the same.
 * The report reads them in English; a family's e-mails in its language (`locale`).
 */
import { countryName, usStateName } from '@store/shared/countries';
import type { Locale } from '@store/shared/i18n/locales';
import { serverI18n } from '#src/i18n/server-i18n';
import type { registrants } from './tables';

export type StoredRegistrant = typeof registrants.$inferSelect;

export function registrantName(r: Pick<StoredRegistrant, 'firstName' | 'lastName'>): string {
  return `${r.firstName} ${r.lastName}`.trim();
}

/** The adults' categories as stored (registrants_category_known): messages, read in the family's language. */
const CATEGORY_WORDS: ReadonlySet<string> = new Set([/*i18n*/ 'Memorization', /*i18n*/ 'Fluent Reading']);

/** An adult's category in the family's language; one that is no message as it is. */
export function categoryText(category: string, locale: Locale = 'en'): string {
  const i18n = serverI18n(locale);
  return CATEGORY_WORDS.has(category) ? i18n._(category) : category;
}

type ParentFields = Pick<StoredRegistrant, 'mothersName' | 'mothersPhone' | 'fathersName' | 'fathersPhone'>;

function parent(label: string, name: string | null, phone: string | null): string | null {
  if (!name && !phone) return null;
  return phone ? `${label}: ${name ?? ''} (${phone})` : `${label}: ${name ?? ''}`;
}

/** "Mother: Asha Rao (512 555 0100); Father: Ravi Rao (512 555 0101)"; null for an adult (no parents stored). */
export function parentsText(r: ParentFields, locale: Locale = 'en'): string | null {
  const i18n = serverI18n(locale);
  const parents = [
    parent(i18n._('Mother'), r.mothersName, r.mothersPhone),
    parent(i18n._('Father'), r.fathersName, r.fathersPhone),
  ];
  const text = parents.filter((p) => p !== null).join('; ');
  return text === '' ? null : text;
}

/**
 * A minor's guardians as the door reads them (the check-in list, the missing list): null for an
 * adult. A minor has parents on file and no category, the registration form's rule.
 */
export function doorGuardians(
  r: ParentFields & Pick<StoredRegistrant, 'category'>,
): { mother: string; motherPhone: string; father: string; fatherPhone: string } | null {
  if (r.category !== null) return null;
  return {
    mother: r.mothersName ?? '',
    motherPhone: r.mothersPhone ?? '',
    father: r.fathersName ?? '',
    fatherPhone: r.fathersPhone ?? '',
  };
}

type LocationFields = Pick<StoredRegistrant, 'city' | 'state' | 'zip' | 'country'>;

/** A US state by its name ('TX' -> 'Texas'); elsewhere the state or province as typed. */
export function stateText(r: Pick<StoredRegistrant, 'state' | 'country'>): string {
  return (r.country === 'US' ? usStateName(r.state) : undefined) ?? r.state;
}

/**
 * 'US' -> 'United States'; an unknown code (none is stored: the schema checks it) as it is. In
 * another language, the name the registration form showed (the `event` catalogue's message).
 */
export function countryText(r: Pick<StoredRegistrant, 'country'>, locale: Locale = 'en'): string {
  const name = countryName(r.country);
  if (name === undefined) return r.country;
  const i18n = serverI18n(locale);
  return i18n._(name);
}

/** "Frisco, Texas 75034, United States". */
export function locationText(r: LocationFields, locale: Locale = 'en'): string {
  return `${r.city}, ${stateText(r)} ${r.zip}, ${countryText(r, locale)}`;
}
