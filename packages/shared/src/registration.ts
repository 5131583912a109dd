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
    gender: z.enum(GENDERS, registrationMessages.gender),
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
  .superRefine((registrant, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (registrant.country === 'US' && registrant.state && !usStateName(registrant.state)) {
      issue('state', registrationMessages.state);
    }
    if (!isKnownAge(registrant.age)) return;
    if (isMinor(registrant.age)) {
      for (const field of PARENT_FIELDS) if (!registrant[field]) issue(field, registrationMessages.parentField);
      for (const field of ['mothersPhone', 'fathersPhone'] as const) {
        if (registrant[field] && !PHONE_PATTERN.test(registrant[field])) issue(field, registrationMessages.phoneFormat);
      }
    } else {
      if (!registrant.phone) issue('phone', registrationMessages.phone);
      else if (!PHONE_PATTERN.test(registrant.phone)) issue('phone', registrationMessages.phoneFormat);
      if (!registrant.category) issue('category', registrationMessages.category);
    }
  })
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
