/**
 * The Mahayagna's sessions and places: where a family recites, how many places are left, and the
 * texts the registration form, the family's page and the back office say about them. ONE set of
 * schemas for the server's answers and the pages that read them.
 *
 * A family recites together: a registration names one session for all its registrants (a member who
 * recites elsewhere is registered separately). Places are per person; a session may also cap each
 * category (adults choose Memorization or Fluent Reading; minors have no category and count only
 * towards the session's capacity).
 *
 *   GET /api/public/event/sessions -> 200 eventSessionsResponseSchema (open sessions, places left)
 */
import { z } from 'zod';
import { SESSION_AVAILABILITY } from './event-session-texts';
import { CATEGORIES, type Category } from './registration-rules';

export * from './event-session-texts';

/** Per-category places left; null where the session sets no cap for that category. */
export const categoryPlacesSchema = z.object({
  Memorization: z.number().int().nullable(),
  'Fluent Reading': z.number().int().nullable(),
} satisfies Record<Category, z.ZodType>);
export type CategoryPlaces = z.infer<typeof categoryPlacesSchema>;

/** A session as a family sees it (the form, the family's page, the confirmation). */
export const publicSessionSchema = z.object({
  id: z.number().int().positive(),
  centerId: z.number().int().positive(),
  centerName: z.string(),
  /** The hall or venue: 'Main prayer hall'. */
  hall: z.string(),
  address: z.string(),
  /** ISO 8601 instant. Shown in `timeZone`, the session's own (a Fremont session at 9 AM Pacific). */
  startsAt: z.string(),
  timeZone: z.string(),
  capacity: z.number().int().nonnegative(),
  placesLeft: z.number().int().nonnegative(),
  categoryPlacesLeft: categoryPlacesSchema,
  availability: z.enum(SESSION_AVAILABILITY),
  /** Families on the waiting list, so a family knows how long the line is. */
  waitingFamilies: z.number().int().nonnegative(),
});
export type PublicSession = z.infer<typeof publicSessionSchema>;

export const eventSessionsResponseSchema = z.object({ sessions: z.array(publicSessionSchema) });
export type EventSessionsResponse = z.infer<typeof eventSessionsResponseSchema>;

/** What a registration asks of a session's places: people, and of them each capped category. */
export type PlaceCounts = { people: number; memorization: number; fluentReading: number };

export function placeCountsOf(registrants: readonly { category?: string | null | undefined }[]): PlaceCounts {
  return {
    people: registrants.length,
    memorization: registrants.filter((r) => r.category === CATEGORIES[0]).length,
    fluentReading: registrants.filter((r) => r.category === CATEGORIES[1]).length,
  };
}

/** A registration's state. `offered`: the waiting list offered it places, held until the offer expires. */
export const REGISTRATION_STATUSES = ['registered', 'waiting', 'offered', 'cancelled', 'lapsed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The settings site.json's `eventSettings` holds (defaults when absent). */
export const eventSettingsSchema = z.object({
  /** How long a waiting-list offer holds its places. */
  offerHoldHours: z.number().int().min(1).max(720).default(48),
  /** Families may change or cancel until this many hours before their session starts. */
  changeCutoffHours: z.number().int().min(0).max(720).default(24),
  /** Messages to registrants leave the outbox at most this fast. */
  messagesPerMinute: z.number().int().min(1).max(10_000).default(120),
});
export type EventSettings = z.infer<typeof eventSettingsSchema>;

/** One session site.json seeds (`eventSessions`): seeded once per `key`, then staff manage it. */
export const sessionSeedSchema = z.object({
  /** Stable name of the seed, so a restart never seeds it twice: 'dallas-2027'. */
  key: z.string().trim().min(1).max(100),
  centerId: z.number().int().positive(),
  hall: z.string().trim().min(1).max(200),
  address: z.string().trim().min(1).max(500),
  /** ISO 8601 with its offset: '2027-05-15T09:00:00-05:00'. */
  startsAt: z.iso.datetime({ offset: true }),
  timeZone: z.string().trim().min(1).max(100),
  capacity: z.number().int().min(0).max(100_000),
  categoryCapacity: z
    .object({
      Memorization: z.number().int().min(0).max(100_000).optional(),
      'Fluent Reading': z.number().int().min(0).max(100_000).optional(),
    })
    .optional(),
});
export type SessionSeed = z.infer<typeof sessionSeedSchema>;
