/**
 * The event registration's constants, SPEC.md's messages (word for word) and the small rules the
 * page draws with: everything of the registration that needs no zod. The schemas themselves are in
 * registration.ts, which re-exports all of this. The registration page imports this file when it
 * loads and the schemas only when the form is first checked: building them is ~20 ms of a phone's
 * main thread (Lighthouse's Total Blocking Time on /registration; bench/BENCHMARKS.md).
 */

export const registrationMessages = {
  title: 'Bhagavad Gita Mahayagna Registration',
  registrantHeading: (position: number) => `Registrant ${position}`,
  addAnother: 'Add Another Registrant',
  remove: 'Remove',
  submit: 'Submit',
  submitting: 'Submitting...',
  age: 'Age is required',
  ageMax: `Age must be ${120} or less`,
  email: 'Invalid email',
  firstName: 'First name required',
  lastName: 'Last name required',
  gender: 'Gender required',
  country: 'Country required',
  zip: 'Zip required',
  state: 'State required',
  city: 'City required',
  // SPEC.md §5's age bounds of each group. Here the age itself chooses the group, so a valid age
  // always meets its group's bound; kept so the texts live in one place with the others.
  minorAge: 'Must be under 18',
  parentField: 'Required',
  adultAge: 'Must be 18 or older',
  phone: 'Phone required',
  phoneFormat: 'Enter a phone number (digits, spaces, + ( ) -)',
  category: 'Category required',
  tooLong: (max: number) => `At most ${max} characters`,
  tooManyRegistrants: (max: number) => `At most ${max} registrants per registration`,
  noRegistrants: 'Add at least one registrant',
  /** Page texts beyond SPEC.md (the submission is stored and confirmed; DESIGN.md). */
  confirmationHeading: 'Registration received',
  confirmationText: (number: string) => `Your registration number is ${number}.`,
  confirmationEmail: (email: string) => `A confirmation has been sent to ${email}.`,
  /** When the address has had its confirmations for the day (issue 18: the form is no mail relay). */
  confirmationNotEmailed: (email: string) =>
    `No confirmation e-mail was sent to ${email}: it has already had several today. Your registration is stored; please keep the number above.`,
  submitFailed: 'Registration could not be submitted. Please try again.',
  captchaNotReady: 'Captcha not ready, please retry.',
} as const;

/** SPEC.md §9: a minor is 17 or less, an adult 18 or more. */
export const ADULT_AGE = 18;
export const MAX_AGE = 120;
export const MAX_REGISTRANTS = 20;

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];
export const CATEGORIES = ['Memorization', 'Fluent Reading'] as const;
export type Category = (typeof CATEGORIES)[number];

export const PARENT_FIELDS = ['mothersName', 'mothersPhone', 'fathersName', 'fathersPhone'] as const;
export const ADULT_FIELDS = ['phone', 'category'] as const;

/** The fields of one registrant, in the page's order (registration.ts checks its schema has exactly these). */
export const REGISTRANT_FIELDS = [
  'age',
  'email',
  'firstName',
  'lastName',
  'gender',
  'phone',
  'mothersName',
  'mothersPhone',
  'fathersName',
  'fathersPhone',
  'category',
  'country',
  'zip',
  'state',
  'city',
] as const;
export type RegistrantField = (typeof REGISTRANT_FIELDS)[number];

/**
 * A registrant nobody has typed into: the registration form's empty values. The empty age is NaN, as
 * a number input reads it, and the rest start at '': each then reads the spec's message ('Age is
 * required', 'Gender required'...).
 */
export type BlankRegistrant = { age: number; category: '' } & Record<
  Exclude<RegistrantField, 'age' | 'category'>,
  string
>;

export function blankRegistrant(email = ''): BlankRegistrant {
  return {
    age: Number.NaN,
    email,
    firstName: '',
    lastName: '',
    gender: '',
    phone: '',
    mothersName: '',
    mothersPhone: '',
    fathersName: '',
    fathersPhone: '',
    category: '',
    country: '',
    zip: '',
    state: '',
    city: '',
  };
}

export function isMinor(age: number): boolean {
  return age < ADULT_AGE;
}

/** The registration number shown to visitors: a prefix and the database's sequence, zero-padded. */
export function formatRegistrationNumber(sequence: number): string {
  return `BGM-${String(sequence).padStart(6, '0')}`;
}

/**
 * The sequence behind a registration number as it is written ('BGM-000042', any case), or null for
 * anything else ('BGM-42', 'BGM-0000042' are not numbers we hand out). At most nine digits, so the
 * result always fits the database's integer column.
 */
export function parseRegistrationNumber(text: string): number | null {
  const match = /^BGM-(\d{6,9})$/i.exec(text.trim());
  if (!match?.[1]) return null;
  const sequence = Number(match[1]);
  return formatRegistrationNumber(sequence) === text.trim().toUpperCase() ? sequence : null;
}
