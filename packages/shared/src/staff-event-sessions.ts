/**
 * The back office's event sessions: staff create, edit and archive the halls families recite in,
 * and read each session's figures and registrants. ONE set of schemas for the server's routes and
 * the /admin/sessions pages.
 *
 *   GET   /api/staff/sessions            (readEvent; a volunteer: their center's)  -> 200 staffEventSessionListSchema
 *   POST  /api/staff/sessions            (manageEvent) createEventSessionRequestSchema -> 201 staffEventSessionDetailSchema | 400
 *   GET   /api/staff/sessions/:id        (readEvent) -> 200 staffEventSessionDetailSchema | 404
 *                                        | 403 other_center (a volunteer: another center's; names that center)
 *   PATCH /api/staff/sessions/:id        (manageEvent) updateEventSessionRequestSchema -> 200 staffEventSessionDetailSchema
 *                                        | 400 | 404 | 409 (a capacity below the places taken: names them)
 */
import { z } from 'zod';
import { REGISTRATION_STATUSES, SESSION_AVAILABILITY } from './event-sessions';

const NO_NUL = (value: string) => !value.includes('\u0000');
function requiredText(max: number) {
  return z
    .string('is required')
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine(NO_NUL, 'must not contain NUL characters');
}

/** An IANA zone the server and the browser both know ('America/Chicago'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A missing field 'is required'; one of the wrong kind gets `message`. */
function missingOr(message: string) {
  return { error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message) };
}

const STARTS_AT_FORMAT = 'must be a date and time with its offset (2027-05-15T09:00:00-05:00)';
const MAX_PLACES = 100_000;
const places = z
  .number(missingOr('must be a whole number of places'))
  .int('must be a whole number of places')
  .min(0, 'must be 0 or more')
  .max(MAX_PLACES, `must be at most ${MAX_PLACES}`);
/** A category's cap: null (or absent on create) means the category is not capped. */
const categoryCap = places.nullable();

const sessionFields = {
  hall: requiredText(200),
  address: requiredText(500),
  /** ISO 8601 with its offset: '2027-05-15T09:00:00-05:00'. */
  startsAt: z.string(missingOr(STARTS_AT_FORMAT)).pipe(z.iso.datetime({ offset: true, message: STARTS_AT_FORMAT })),
  timeZone: requiredText(100).refine(isTimeZone, 'must be a time zone such as America/Chicago'),
  capacity: places,
  memorizationCapacity: categoryCap.optional(),
  fluentReadingCapacity: categoryCap.optional(),
};

export const createEventSessionRequestSchema = z.object({
  centerId: z
    .number(missingOr('must be a center id'))
    .int('must be a center id')
    .positive('must be a center id')
    .max(2_147_483_647, 'must be a center id'),
  ...sessionFields,
});
export type CreateEventSessionRequest = z.infer<typeof createEventSessionRequestSchema>;

/** Any of the fields; `archived` closes the session to new registrations (its people keep their places). */
export const updateEventSessionRequestSchema = z
  .object({
    hall: sessionFields.hall.optional(),
    address: sessionFields.address.optional(),
    startsAt: sessionFields.startsAt.optional(),
    timeZone: sessionFields.timeZone.optional(),
    capacity: places.optional(),
    memorizationCapacity: categoryCap.optional(),
    fluentReadingCapacity: categoryCap.optional(),
    archived: z.boolean('must be true or false').optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'nothing to change', path: ['hall'] });
export type UpdateEventSessionRequest = z.infer<typeof updateEventSessionRequestSchema>;

/**
 * What staff need to know of a session at a glance. People are counted once each: a cancelled
 * registrant counts nowhere; minors, adults and the categories count the registered people.
 */
export const sessionFiguresSchema = z.object({
  /** People holding a place (their family is registered). */
  registered: z.number().int().nonnegative(),
  placesLeft: z.number().int().nonnegative(),
  waitingFamilies: z.number().int().nonnegative(),
  waitingPeople: z.number().int().nonnegative(),
  /** Families holding an open offer, and their people (their places are held for them). */
  offeredFamilies: z.number().int().nonnegative(),
  offeredPeople: z.number().int().nonnegative(),
  minors: z.number().int().nonnegative(),
  adults: z.number().int().nonnegative(),
  memorization: z.number().int().nonnegative(),
  fluentReading: z.number().int().nonnegative(),
});
export type SessionFigures = z.infer<typeof sessionFiguresSchema>;

export const staffEventSessionSchema = z.object({
  id: z.number().int().positive(),
  centerId: z.number().int().positive(),
  /** The center's name now; '' when the center has since been removed from the site. */
  centerName: z.string(),
  hall: z.string(),
  address: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  capacity: z.number().int().nonnegative(),
  memorizationCapacity: z.number().int().nonnegative().nullable(),
  fluentReadingCapacity: z.number().int().nonnegative().nullable(),
  /** Places held: registered people and open offers. */
  taken: z.number().int().nonnegative(),
  availability: z.enum(SESSION_AVAILABILITY),
  archived: z.boolean(),
  figures: sessionFiguresSchema,
});
export type StaffEventSession = z.infer<typeof staffEventSessionSchema>;

export const staffEventSessionListSchema = z.object({ sessions: z.array(staffEventSessionSchema) });
export type StaffEventSessionList = z.infer<typeof staffEventSessionListSchema>;

/** A person of the session, as the session page lists them. */
export const sessionRegistrantSchema = z.object({
  registrationId: z.string(),
  /** BGM-000042 */
  registrationNumber: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  position: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  category: z.string().nullable(),
  /** The live ticket; null while waiting, offered or before tickets are issued. */
  ticketId: z.string().nullable(),
});
export type SessionRegistrant = z.infer<typeof sessionRegistrantSchema>;

/** The most registrants the session page lists; the report's CSV has every one. */
export const SESSION_REGISTRANTS_LIMIT = 1000;

export const staffEventSessionDetailSchema = z.object({
  session: staffEventSessionSchema,
  /** Registered and offered people (not cancelled), in registration order; at most SESSION_REGISTRANTS_LIMIT. */
  registrants: z.array(sessionRegistrantSchema),
  /** All of them, when more than the list shows. */
  registrantCount: z.number().int().nonnegative(),
});
export type StaffEventSessionDetail = z.infer<typeof staffEventSessionDetailSchema>;

/** A registration's status as staff read it. */
export const REGISTRATION_STATUS_LABELS: Record<string, string> = {
  registered: 'Registered',
  waiting: 'Waiting',
  offered: 'Offered',
  cancelled: 'Cancelled',
  lapsed: 'Offer lapsed',
} satisfies Record<(typeof REGISTRATION_STATUSES)[number], string>;

/** A session in one line, for lists and CSV cells: 'Dallas Center, Texas · Datta Auditorium · 2027-05-15 09:00'. */
export function sessionLabel(centerName: string, hall: string, localStart: string): string {
  return [centerName, hall, localStart].filter((part) => part !== '').join(' · ');
}

export const staffEventSessionTexts = {
  title: 'Sessions',
  newSession: 'New session',
  capacityBelowTaken: (taken: number) =>
    `${taken} ${taken === 1 ? 'place is' : 'places are'} already taken: the capacity cannot be lower.`,
  categoryBelowTaken: (taken: number) =>
    `${taken} ${taken === 1 ? 'place is' : 'places are'} already taken in this category: the cap cannot be lower.`,
  unknownCenter: 'must be one of the site’s centers',
  otherCenter: (centerName: string) => `This session belongs to another center (${centerName}).`,
  notFound: 'No such session.',
} as const;
