/**
 * The event registration's rules (SPEC.md §2 /registration, §3 Registrant, §4 Registration, §5
 * Registrant): ONE schema serves the registration page (react-hook-form's zod resolver) and
 * POST /api/public/registrations. Messages are SPEC.md's, word for word.
 */
import { z } from 'zod';
import { isCountryCode, usStateName } from './countries';

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

const text = (message: string, max: number) =>
  z.string(message).trim().min(1, message).max(max, registrationMessages.tooLong(max));
/** Fields only one age group fills in: checked by the age rule below, so empty passes here. */
const conditionalText = (max: number) =>
  z.string().trim().max(max, registrationMessages.tooLong(max)).optional().default('');
const PHONE_PATTERN = /^\+?[\d\s().-]{7,25}$/;

export function isMinor(age: number): boolean {
  return age < ADULT_AGE;
}

/** A valid age decides which rules apply; without one, only "Age is required" is shown. */
function isKnownAge(age: unknown): age is number {
  return typeof age === 'number' && Number.isInteger(age) && age >= 0 && age <= MAX_AGE;
}

/**
 * One registrant. `country` is an ISO 3166 code; `state` is a USPS code in the United States and
 * free text elsewhere (provinces, districts), so the pickers work for visitors from anywhere.
 */
export const registrantSchema = z
  .object({
    // The form's number input gives NaN when empty: every non-number reads "Age is required".
    age: z
      .number(registrationMessages.age)
      .int(registrationMessages.age)
      .min(0, registrationMessages.age)
      .max(MAX_AGE, registrationMessages.ageMax),
    email: z.string(registrationMessages.email).trim().max(254).pipe(z.email(registrationMessages.email)),
    firstName: text(registrationMessages.firstName, 100),
    lastName: text(registrationMessages.lastName, 100),
    // A string on the way in (the form's select starts at ''), one of GENDERS on the way out.
    gender: z.string(registrationMessages.gender).pipe(z.enum(GENDERS, registrationMessages.gender)),
    phone: conditionalText(30),
    mothersName: conditionalText(100),
    mothersPhone: conditionalText(30),
    fathersName: conditionalText(100),
    fathersPhone: conditionalText(30),
    // The form's select starts empty: '' reads "Category required" only for adults.
    category: z
      .union([z.enum(CATEGORIES), z.literal('')])
      .optional()
      .default(''),
    country: z.string(registrationMessages.country).trim().refine(isCountryCode, registrationMessages.country),
    zip: text(registrationMessages.zip, 20),
    state: text(registrationMessages.state, 100),
    city: text(registrationMessages.city, 100),
  })
  .superRefine(
    (registrant, ctx) => {
      // Runs even when other fields failed (see `when`), so a field may still hold what the client
      // sent: read each one as text and treat anything else as empty.
      const textOf = (field: (typeof PARENT_FIELDS)[number] | (typeof ADULT_FIELDS)[number] | 'country' | 'state') => {
        const value: unknown = registrant[field];
        return typeof value === 'string' ? value : '';
      };
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const state = textOf('state');
      if (textOf('country') === 'US' && state && !usStateName(state)) issue('state', registrationMessages.state);
      if (!isKnownAge(registrant.age)) return;
      if (isMinor(registrant.age)) {
        for (const field of PARENT_FIELDS) if (!textOf(field)) issue(field, registrationMessages.parentField);
        for (const field of ['mothersPhone', 'fathersPhone'] as const) {
          const phone = textOf(field);
          if (phone && !PHONE_PATTERN.test(phone)) issue(field, registrationMessages.phoneFormat);
        }
      } else {
        const phone = textOf('phone');
        if (!phone) issue('phone', registrationMessages.phone);
        else if (!PHONE_PATTERN.test(phone)) issue('phone', registrationMessages.phoneFormat);
        if (!textOf('category')) issue('category', registrationMessages.category);
      }
    },
    // Also when other fields failed: a visitor who gave an age sees the age group's messages together
    // with the rest, not one round later.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  // What is stored: a minor's adult fields and an adult's parent fields are dropped, so a switch
  // of age on the page never leaves hidden values behind.
  .transform((registrant) =>
    isMinor(registrant.age)
      ? { ...registrant, phone: '', category: '' as const }
      : { ...registrant, mothersName: '', mothersPhone: '', fathersName: '', fathersPhone: '' },
  );
export type RegistrantInput = z.input<typeof registrantSchema>;
export type Registrant = z.output<typeof registrantSchema>;

/** POST /api/public/registrations. Captcha action `registration`; an Idempotency-Key header per attempt. */
export const registrationRequestSchema = z.object({
  registrants: z
    .array(registrantSchema)
    .min(1, registrationMessages.noRegistrants)
    .max(MAX_REGISTRANTS, registrationMessages.tooManyRegistrants(MAX_REGISTRANTS)),
});
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/** 201 (stored now) or 200 with `Idempotent-Replayed: true` (the same attempt, answered again). */
export const registrationResponseSchema = z.object({
  /** What the visitor quotes to the foundation, e.g. 'BGM-000042'. */
  registrationNumber: z.string(),
  registrants: z.number().int(),
  /** Where the confirmation goes: the first registrant's e-mail. */
  email: z.string(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

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
