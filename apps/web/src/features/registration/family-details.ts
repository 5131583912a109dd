/**
 * "Same family details as registrant 1" and "The parent is registrant 1": registrant 1's surname and
 * address, or their name and phone as a minor's mother or father, copied into another registrant's
 * own fields. The copies are ordinary form values, so SPEC.md's checks and messages apply to them
 * unchanged and the request holds what the family would have typed.
 */
import { isMinor } from '@store/shared/registration-rules';
import type { UseFormReturn } from 'react-hook-form';
import { countryLabel } from './in-page-language';
import {
  type RegistrantFormValues,
  type RegistrationData,
  type RegistrationFormValues,
  registrantPath,
} from './registration-form-values';

/** What "Same family details" copies: the surname and where the family lives. */
export const FAMILY_FIELDS = ['lastName', 'country', 'state', 'city', 'zip'] as const;

type RegistrationForm = UseFormReturn<RegistrationFormValues, unknown, RegistrationData>;

/** Which parent registrant 1 is, by their gender; null unless they are an adult who gave one. */
export type ParentSide = 'mother' | 'father';

export function parentSideOf(first: Pick<RegistrantFormValues, 'age' | 'gender'> | undefined): ParentSide | null {
  if (!first || typeof first.age !== 'number' || !Number.isInteger(first.age) || isMinor(first.age)) return null;
  if (first.gender === 'Female') return 'mother';
  if (first.gender === 'Male') return 'father';
  return null;
}

export const PARENT_FIELDS_OF = {
  mother: { name: 'mothersName', phone: 'mothersPhone' },
  father: { name: 'fathersName', phone: 'fathersPhone' },
} as const;

/** "Rao · Frisco, TX 75034, United States": the copied details on one line. */
export function familySummary(first: Pick<RegistrantFormValues, (typeof FAMILY_FIELDS)[number]>): string {
  const place = [
    first.city.trim(),
    `${first.state.trim()} ${first.zip.trim()}`.trim(),
    countryLabel(first.country) ?? '',
  ]
    .filter(Boolean)
    .join(', ');
  return [first.lastName.trim(), place].filter(Boolean).join(' · ');
}

/** Registrant 1's full name, as a parent's name reads. */
export const fullName = (registrant: Pick<RegistrantFormValues, 'firstName' | 'lastName'>) =>
  `${registrant.firstName.trim()} ${registrant.lastName.trim()}`.trim();

/**
 * Copies registrant 1's details into registrant `index` where its choices ask for them. Called when
 * a choice is ticked, when a registrant is added and before every check, so an edit of registrant 1
 * after the copy reaches the others too.
 */
export function copyFromRegistrant1(form: RegistrationForm, index: number) {
  if (index === 0) return;
  const first = form.getValues('registrants.0');
  const registrant = form.getValues(`registrants.${index}`);
  if (!first || !registrant) return;
  const set = (path: Parameters<RegistrationForm['setValue']>[0], value: string) => {
    if (form.getValues(path) !== value) form.setValue(path, value);
  };
  if (registrant.sameFamily) {
    for (const field of FAMILY_FIELDS) set(registrantPath(index, field), first[field]);
  }
  const side = parentSideOf(first);
  if (registrant.parentIsRegistrant1 && side && typeof registrant.age === 'number' && isMinor(registrant.age)) {
    set(registrantPath(index, PARENT_FIELDS_OF[side].name), fullName(first));
    set(registrantPath(index, PARENT_FIELDS_OF[side].phone), first.phone ?? '');
  }
}

export function copyFromRegistrant1ToAll(form: RegistrationForm) {
  const count = form.getValues('registrants').length;
  for (let index = 1; index < count; index++) copyFromRegistrant1(form, index);
}
