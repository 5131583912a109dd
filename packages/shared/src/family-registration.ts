/**
 * The family's own page (/registration/yours?token=…): what a family sees of its registration and the
 * changes it may make without an account, through the signed link its e-mails carry. ONE set of
 * schemas for the API's answers and the page that reads them; edits use the form's registrantSchema,
 * so a change is held to the form's rules and messages.
 *
 *   GET  /api/public/registrations/yours                              -> familyRegistrationSchema
 *   PATCH /api/public/registrations/yours/registrants/:position        registrantSchema
 *   POST /api/public/registrations/yours/registrants/:position/cancel
 *   POST /api/public/registrations/yours/cancel
 *   POST /api/public/registrations/yours/move                          familyMoveRequestSchema
 *   POST /api/public/registrations/lost-link                           lostLinkRequestSchema -> 202
 * The token travels in the `x-family-token` header, never the query, so it stays out of access logs.
 */
import { z } from 'zod';
import { eventSessionTexts } from './event-session-texts';
import { REGISTRATION_STATUSES, SESSION_AVAILABILITY } from './event-sessions';
import { CATEGORIES, GENDERS } from './registration-rules';

export const FAMILY_TOKEN_HEADER = 'x-family-token';

export const familyTexts = {
  pageTitle: 'Your registration',
  loading: 'Loading your registration…',
  invalidLink: 'This link is not valid. Check that you copied the whole address, or ask for a new link below.',
  expiredLink: 'This link has expired. Ask for a new one below: it is sent to the e-mail you registered with.',
  changesClosed: (closedAt: string) =>
    `Changes closed at ${closedAt}, before the session. Please contact your center if something must change.`,
  changesCloseAt: (closesAt: string) => `You can change or cancel until ${closesAt}.`,
  statusRegistered: 'Registered',
  statusWaiting: (position: number | null) =>
    position === null ? 'On the waiting list' : `On the waiting list: number ${position} in line`,
  statusOffered: (until: string) => `Places are offered to you until ${until}. Accept the offer from its e-mail.`,
  statusCancelled: 'Cancelled',
  statusLapsed: 'The offer lapsed',
  downloadTickets: 'Download tickets (PDF)',
  edit: 'Edit details',
  save: 'Save changes',
  discard: 'Discard',
  cancelOne: 'Cancel this registrant',
  cancelAll: 'Cancel the whole registration',
  leaveWaitingList: 'Leave the waiting list',
  confirmLeave: 'Leave the waiting list? Your family loses its place in line. This cannot be undone.',
  confirmCancelOne: (name: string) =>
    `Cancel ${name}? Their ticket stops being valid and their place goes to the waiting list.`,
  confirmCancelAll:
    'Cancel everyone? All tickets stop being valid and the places go to the waiting list. This cannot be undone.',
  confirmYes: 'Yes, cancel',
  confirmNo: 'Keep it',
  cancelledMark: 'Cancelled',
  move: 'Move everyone to another session',
  moveButton: 'Move',
  noMoveTargets: 'No other session has enough places for everyone right now.',
  saved: 'Saved. A confirmation e-mail is on its way.',
  changeFailed: 'The change could not be saved. Please try again.',
  notCancellable: 'This registration was cancelled: nothing more can change.',
  offeredLocked: 'Places are being offered to you: accept the offer from its e-mail, or cancel, before other changes.',
  registrantGone: 'This registrant was cancelled and cannot be changed.',
  lostLinkHeading: eventSessionTexts.lostLink,
  lostLinkIntro: 'Type the e-mail you registered with and we will send a fresh link to each registration.',
  lostLinkEmail: 'E-mail',
  lostLinkSubmit: 'Send me my link',
  lostLinkSending: 'Sending…',
  /** The same answer whether or not the address registered anyone: nothing is given away. */
  lostLinkSent: 'If this address registered anyone, a link is on its way.',
  lostLinkTooMany: 'Too many requests from here. Please try again in an hour.',
} as const;

export const familySessionSchema = z.object({
  id: z.number().int().positive(),
  centerName: z.string(),
  hall: z.string(),
  address: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
});
export type FamilySession = z.infer<typeof familySessionSchema>;

export const familyPersonSchema = z.object({
  position: z.number().int().positive(),
  age: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS),
  phone: z.string(),
  category: z.union([z.enum(CATEGORIES), z.literal('')]),
  mothersName: z.string(),
  mothersPhone: z.string(),
  fathersName: z.string(),
  fathersPhone: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  zip: z.string(),
  cancelled: z.boolean(),
  /** The live ticket; null while waiting, or once cancelled. */
  ticketId: z.uuid().nullable(),
});
export type FamilyPerson = z.infer<typeof familyPersonSchema>;

/** A session the whole family could move to now: enough places for everyone still registered. */
export const moveTargetSchema = familySessionSchema.extend({
  placesLeft: z.number().int().nonnegative(),
  availability: z.enum(SESSION_AVAILABILITY),
});
export type MoveTarget = z.infer<typeof moveTargetSchema>;

export const familyRegistrationSchema = z.object({
  registrationNumber: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** 1 = next in line; null unless waiting. */
  waitingPosition: z.number().int().positive().nullable(),
  /** ISO instant the offer's hold ends; null unless offered. */
  offerExpiresAt: z.string().nullable(),
  session: familySessionSchema.nullable(),
  /** ISO instant after which nothing can change (session start − the cut-off); null without a session. */
  changesCloseAt: z.string().nullable(),
  changesOpen: z.boolean(),
  people: z.array(familyPersonSchema),
  moveTargets: z.array(moveTargetSchema),
});
export type FamilyRegistration = z.infer<typeof familyRegistrationSchema>;

export const familyMoveRequestSchema = z.object({
  sessionId: z.number('Choose a session').int('Choose a session').positive('Choose a session'),
});

export const registrantPositionSchema = z.object({
  position: z.coerce.number('must be a registrant number').int().min(1).max(50),
});

export const lostLinkRequestSchema = z.object({
  email: z.string('Invalid email').trim().max(254, 'Invalid email').pipe(z.email('Invalid email')),
});

export const lostLinkResponseSchema = z.object({ message: z.literal(familyTexts.lostLinkSent) });
