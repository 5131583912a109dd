/**
 * The event registration's rules (SPEC.md §2 /registration, §3 Registrant, §4 Registration, §5
 * Registrant): ONE schema serves the registration page (react-hook-form's zod resolver) and
 * POST /api/public/registrations. Messages are SPEC.md's, word for word.
 */
import { z } from 'zod';
import { isCountryCode, usStateName } from './countries';
import { eventSessionTexts, publicSessionSchema } from './event-sessions';
import {
  type ADULT_FIELDS,
  CATEGORIES,
  GENDERS,
  isMinor,
  MAX_AGE,
  MAX_REGISTRANTS,
  PARENT_FIELDS,
  type RegistrantField,
  registrationMessages,
  type TextLimit,
} from './registration-rules';

export * from './registration-rules';

const text = (message: string, max: TextLimit) =>
  z.string(message).trim().min(1, message).max(max, registrationMessages.tooLong[max]);
/** Fields only one age group fills in: checked by the age rule below, so empty passes here. */
const conditionalText = (max: TextLimit) =>
  z.string().trim().max(max, registrationMessages.tooLong[max]).optional().default('');
const PHONE_PATTERN = /^\+?[\d\s().-]{7,25}$/;

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
    // Exactly the fields registration-rules.ts lists (the page walks that list): a field added to
    // one but not the other does not compile.
  } satisfies Record<RegistrantField, z.ZodType>)
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

/**
 * POST /api/public/registrations. Captcha action `registration`; an Idempotency-Key header per attempt.
 * All or nothing: every registrant gets a place in `sessionId`, or (with `ifFull: 'waitlist'`) the
 * whole family joins its waiting list, or (with `ifFull: 'refuse'`, the form's first try) nothing is
 * stored and the 409 `not_enough_places` says how many places are left.
 */
export const registrationRequestSchema = z.object({
  sessionId: z
    .number(eventSessionTexts.sessionRequired)
    .int(eventSessionTexts.sessionRequired)
    .positive(eventSessionTexts.sessionRequired),
  ifFull: z.enum(['refuse', 'waitlist']).default('refuse'),
  registrants: z
    .array(registrantSchema)
    .min(1, registrationMessages.noRegistrants)
    .max(MAX_REGISTRANTS, registrationMessages.tooManyRegistrants),
});
export type RegistrationRequest = z.input<typeof registrationRequestSchema>;

/** 201 (stored now) or 200 with `Idempotent-Replayed: true` (the same attempt, answered again). */
export const registrationResponseSchema = z.object({
  /** What the visitor quotes to the foundation, e.g. 'BGM-000042'. */
  registrationNumber: z.string(),
  registrants: z.number().int(),
  /** Where the confirmation goes: the first registrant's e-mail. */
  email: z.string(),
  /**
   * False when no confirmation was mailed: the address (or the client's) has had its confirmations
   * for the day, so the form cannot be used to flood someone's mailbox. The registration is stored.
   */
  confirmationEmailed: z.boolean(),
  /** `registered`: everyone has a place and a ticket. `waiting`: the whole family is on the waiting list. */
  status: z.enum(['registered', 'waiting']),
  session: publicSessionSchema.pick({
    id: true,
    centerName: true,
    hall: true,
    address: true,
    startsAt: true,
    timeZone: true,
  }),
  /** Who was registered, in the form's order, with their ticket (null while waiting). */
  people: z.array(
    z.object({
      position: z.number().int().positive(),
      firstName: z.string(),
      lastName: z.string(),
      ticketId: z.uuid().nullable(),
    }),
  ),
  /** 1 = next in line; null unless waiting. */
  waitingPosition: z.number().int().positive().nullable(),
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;
