/**
 * The waiting list: offers of freed places, a family accepting them, and the staff's view of the line.
 * ONE set of schemas for the server's answers and the pages that read them.
 *
 * The family (the offer e-mail's link, no account):
 *   GET  /api/public/waitlist/offer?token=   -> 200 waitlistOfferSchema | 400 invalid link
 *   POST /api/public/waitlist/accept {token} -> 200 waitlistAcceptedSchema (again: the same 200)
 *                                            | 400 invalid link | 409 offer_closed (lapsed or withdrawn)
 * Staff (owner, editor manage; a volunteer reads their own center's sessions):
 *   GET  /api/staff/sessions/:id/waiting-list                        -> 200 waitingListSchema | 403 | 404
 *   POST /api/staff/sessions/:id/waiting-list/:registrationId/move-up -> 200 waitingListSchema | 403 | 404 | 409
 *   POST /api/staff/sessions/:id/waiting-list/:registrationId/offer   -> 200 waitingListSchema | 403 | 404
 *                                                                    | 409 not_enough_places (the places left)
 */
import { z } from 'zod';
import { publicSessionSchema } from './event-sessions';

/**
 * The family's texts are marked for translation (the offer page, the offer e-mail); the staff's
 * (moving families, sending offers) are the back office's, which stays in English.
 */
export const waitingListTexts = {
  accept: /*i18n*/ 'Accept the places',
  accepting: /*i18n*/ 'Accepting…',
  offerTitle: /*i18n*/ 'Your waiting-list offer',
  acceptedTitle: /*i18n*/ 'You are registered',
  /** `<0>` is the emphasis the page puts on the first words. */
  ticketsOnTheirWayTo: /*i18n*/ '<0>Your tickets are on their way</0> to {email}.',
  alreadyYours: /*i18n*/ 'These places are already yours: your tickets are on their way.',
  heldUntil: /*i18n*/ 'We hold these places for you until {when}.',
  offerClosed:
    /*i18n*/ 'This offer has passed: it was not accepted in time, so the places went to the next family in line.',
  offerWithdrawn: /*i18n*/ 'This offer was withdrawn: the registration was cancelled.',
  invalidLink:
    /*i18n*/ 'This link is not valid. Open the link from the e-mail again, or ask the foundation for a new offer.',
  moveUp: 'Move up',
  sendOffer: 'Send an offer',
  emptyLine: 'No family is waiting for this session.',
  notEnoughForFamily: (left: number, wanted: number) =>
    left === 0
      ? `No places are free in this session: the family of ${wanted} cannot be offered places now.`
      : `Only ${left} ${left === 1 ? 'place is' : 'places are'} free in this session, and this family needs ${wanted}.`,
  categoryShort:
    'Places are free, but too few in the category this family recites in (Memorization or Fluent Reading).',
  alreadyFirst: 'This family is already first in line.',
  notInLine: 'This family is not waiting in this session’s line.',
} as const;

const TOKEN_MESSAGE = 'must be the link from the e-mail';
/** An offer link's token (registrations/event-link.ts): its shape only; the signature is checked by the server. */
export const waitlistTokenSchema = z
  .string(TOKEN_MESSAGE)
  .trim()
  .min(1, TOKEN_MESSAGE)
  .max(200, TOKEN_MESSAGE)
  .regex(/^[0-9A-Za-z._-]+$/, TOKEN_MESSAGE);

export const waitlistTokenQuerySchema = z.object({ token: waitlistTokenSchema });
export const waitlistAcceptRequestSchema = z.object({ token: waitlistTokenSchema });

export const OFFER_STATUSES = ['open', 'accepted', 'lapsed', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const offerSessionSchema = publicSessionSchema.pick({
  id: true,
  centerName: true,
  hall: true,
  address: true,
  startsAt: true,
  timeZone: true,
});

/** An offer as the family sees it before accepting. `status` other than open: the page says why it cannot be taken. */
export const waitlistOfferSchema = z.object({
  registrationNumber: z.string(),
  status: z.enum(OFFER_STATUSES),
  /** ISO 8601 instant; shown in the session's zone. */
  expiresAt: z.string(),
  session: offerSessionSchema,
  people: z.array(z.object({ position: z.number().int().positive(), firstName: z.string(), lastName: z.string() })),
});
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

/** The offer accepted: everyone registered, each with their ticket. */
export const waitlistAcceptedSchema = z.object({
  registrationNumber: z.string(),
  status: z.literal('registered'),
  email: z.string(),
  session: offerSessionSchema,
  people: z.array(
    z.object({
      position: z.number().int().positive(),
      firstName: z.string(),
      lastName: z.string(),
      ticketId: z.uuid(),
    }),
  ),
});
export type WaitlistAccepted = z.infer<typeof waitlistAcceptedSchema>;

/** One family in a session's line, first in line first. */
export const waitingFamilySchema = z.object({
  registrationId: z.uuid(),
  registrationNumber: z.string(),
  /** 1 = first in line. */
  position: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  people: z.number().int().nonnegative(),
  /** ISO 8601: when the family joined the line. */
  joinedAt: z.string(),
  status: z.enum(['waiting', 'offered']),
  /** ISO 8601: when the open offer lapses; null while waiting. */
  offerExpiresAt: z.string().nullable(),
});
export type WaitingFamily = z.infer<typeof waitingFamilySchema>;

export const waitingListSchema = z.object({
  sessionId: z.number().int().positive(),
  timeZone: z.string(),
  placesLeft: z.number().int().nonnegative(),
  /** May the member move families and send offers (owner, editor); a volunteer only reads. */
  canManage: z.boolean(),
  families: z.array(waitingFamilySchema),
});
export type WaitingList = z.infer<typeof waitingListSchema>;

const positiveId = (name: string) =>
  z.coerce.number(`${name} must be a number`).int(`${name} must be a whole number`).positive().max(2_147_483_647);

export const waitingListParamsSchema = z.object({ id: positiveId('id') });
export const waitingFamilyParamsSchema = z.object({
  id: positiveId('id'),
  registrationId: z.uuid('must be a registration id'),
});
