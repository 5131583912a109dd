/**
 * The event registration's constants, SPEC.md's messages (word for word) and the small rules the
 * page draws with: everything of the registration that needs no zod. The schemas themselves are in
 * registration.ts, which re-exports all of this. The registration page imports this file when it
 * loads and the schemas only when the form is first checked: building them is ~20 ms of a phone's
 * main thread (Lighthouse's Total Blocking Time on /registration; bench/BENCHMARKS.md).
 */

export const registrationMessages = {
  title: /*i18n*/ 'Bhagavad Gita Mahayagna Registration',
  /** A card's heading until a name is typed: `i18n._(registrationMessages.registrantHeading, { position })`. */
  registrantHeading: /*i18n*/ 'Registrant {position}',
  addAnother: /*i18n*/ 'Add Another Registrant',
  remove: /*i18n*/ 'Remove',
  submit: /*i18n*/ 'Submit',
  submitting: /*i18n*/ 'Submitting...',
  age: /*i18n*/ 'Age is required',
  // MAX_AGE written out: a message id is one fixed text (registration.test.ts checks they agree).
  ageMax: /*i18n*/ 'Age must be 120 or less',
  email: /*i18n*/ 'Invalid email',
  firstName: /*i18n*/ 'First name required',
  lastName: /*i18n*/ 'Last name required',
  gender: /*i18n*/ 'Gender required',
  country: /*i18n*/ 'Country required',
  zip: /*i18n*/ 'Zip required',
  state: /*i18n*/ 'State required',
  city: /*i18n*/ 'City required',
  // SPEC.md §5's age bounds of each group. Here the age itself chooses the group, so a valid age
  // always meets its group's bound; kept so the texts live in one place with the others.
  minorAge: /*i18n*/ 'Must be under 18',
  parentField: /*i18n*/ 'Required',
  adultAge: /*i18n*/ 'Must be 18 or older',
  phone: /*i18n*/ 'Phone required',
  phoneFormat: /*i18n*/ 'Enter a phone number (digits, spaces, + ( ) -)',
  category: /*i18n*/ 'Category required',
  /**
   * A field's length limit, one fixed text per limit the schema uses: a zod message reaches the form
   * as its text alone, with no values to fill in.
   */
  tooLong: {
    20: /*i18n*/ 'At most 20 characters',
    30: /*i18n*/ 'At most 30 characters',
    100: /*i18n*/ 'At most 100 characters',
  },
  // MAX_REGISTRANTS written out, for the same reason as ageMax.
  tooManyRegistrants: /*i18n*/ 'At most 20 registrants per registration',
  noRegistrants: /*i18n*/ 'Add at least one registrant',
  /** Page texts beyond SPEC.md (the submission is stored and confirmed; DESIGN.md). */
  confirmationHeading: /*i18n*/ 'Registration received',
  confirmationText: /*i18n*/ 'Your registration number is {number}.',
  confirmationEmail: /*i18n*/ 'A confirmation has been sent to {email}.',
  /** When the address has had its confirmations for the day (issue 18: the form is no mail relay). */
  confirmationNotEmailed:
    /*i18n*/ 'No confirmation e-mail was sent to {email}: it has already had several today. Your registration is stored; please keep the number above.',
  submitFailed: /*i18n*/ 'Registration could not be submitted. Please try again.',
  captchaNotReady: /*i18n*/ 'Captcha not ready, please retry.',
} as const;

/** The length limits the schema puts on a registrant's texts (each has its message above). */
export type TextLimit = keyof typeof registrationMessages.tooLong;

/** SPEC.md §9: a minor is 17 or less, an adult 18 or more. */
export const ADULT_AGE = 18;
export const MAX_AGE = 120;
export const MAX_REGISTRANTS = 20;

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];
export const CATEGORIES = ['Memorization', 'Fluent Reading'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What the pages show for each value (the values themselves are what is stored and sent). */
export const GENDER_LABELS: Readonly<Record<Gender, string>> = { Male: /*i18n*/ 'Male', Female: /*i18n*/ 'Female' };
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
  Memorization: /*i18n*/ 'Memorization',
  'Fluent Reading': /*i18n*/ 'Fluent Reading',
};

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
