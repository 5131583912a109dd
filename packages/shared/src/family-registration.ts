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
  pageTitle: /*i18n*/ 'Your registration',
  loading: /*i18n*/ 'Loading your registration…',
  invalidLink: /*i18n*/ 'This link is not valid. Check that you copied the whole address, or ask for a new link below.',
  expiredLink: /*i18n*/ 'This link has expired. Ask for a new one below: it is sent to the e-mail you registered with.',
  changesClosed:
    /*i18n*/ 'Changes closed at {closedAt}, before the session. Please contact your center if something must change.',
  changesCloseAt: /*i18n*/ 'You can change or cancel until {closesAt}.',
  statusRegistered: /*i18n*/ 'Registered',
  /** Waiting, its place in line not known. */
  statusWaitingUnnumbered: /*i18n*/ 'On the waiting list',
  statusWaiting: /*i18n*/ 'On the waiting list: number {position} in line',
  statusOffered: /*i18n*/ 'Places are offered to you until {until}. Accept the offer from its e-mail.',
  /** What `until` reads when the offer's end is not known to the page. */
  offeredUntilUnknown: /*i18n*/ 'the time in its e-mail',
  statusCancelled: /*i18n*/ 'Cancelled',
  statusLapsed: /*i18n*/ 'The offer lapsed',
  downloadTickets: /*i18n*/ 'Download tickets (PDF)',
  edit: /*i18n*/ 'Edit details',
  save: /*i18n*/ 'Save changes',
  discard: /*i18n*/ 'Discard',
  cancelOne: /*i18n*/ 'Cancel this registrant',
  cancelAll: /*i18n*/ 'Cancel the whole registration',
  leaveWaitingList: /*i18n*/ 'Leave the waiting list',
  confirmLeave: /*i18n*/ 'Leave the waiting list? Your family loses its place in line. This cannot be undone.',
  confirmCancelOne: /*i18n*/ 'Cancel {name}? Their ticket stops being valid and their place goes to the waiting list.',
  confirmCancelAll:
    /*i18n*/ 'Cancel everyone? All tickets stop being valid and the places go to the waiting list. This cannot be undone.',
  confirmYes: /*i18n*/ 'Yes, cancel',
  confirmNo: /*i18n*/ 'Keep it',
  cancelledMark: /*i18n*/ 'Cancelled',
  move: /*i18n*/ 'Move everyone to another session',
  moveButton: /*i18n*/ 'Move',
  noMoveTargets: /*i18n*/ 'No other session has enough places for everyone right now.',
  saved: /*i18n*/ 'Saved. A confirmation e-mail is on its way.',
  changeFailed: /*i18n*/ 'The change could not be saved. Please try again.',
  notCancellable: /*i18n*/ 'This registration was cancelled: nothing more can change.',
  offeredLocked:
    /*i18n*/ 'Places are being offered to you: accept the offer from its e-mail, or cancel, before other changes.',
  registrantGone: /*i18n*/ 'This registrant was cancelled and cannot be changed.',
  lostLinkHeading: eventSessionTexts.lostLink,
  lostLinkIntro: /*i18n*/ 'Type the e-mail you registered with and we will send a fresh link to each registration.',
  lostLinkEmail: /*i18n*/ 'E-mail',
  lostLinkSubmit: /*i18n*/ 'Send me my link',
  lostLinkSending: /*i18n*/ 'Sending…',
  /** The same answer whether or not the address registered anyone: nothing is given away. */
  lostLinkSent: /*i18n*/ 'If this address registered anyone, a link is on its way.',
  lostLinkTooMany: /*i18n*/ 'Too many requests from here. Please try again in an hour.',
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

const CHOOSE_A_SESSION = /*i18n*/ 'Choose a session';
export const familyMoveRequestSchema = z.object({
  sessionId: z.number(CHOOSE_A_SESSION).int(CHOOSE_A_SESSION).positive(CHOOSE_A_SESSION),
});

export const registrantPositionSchema = z.object({
  position: z.coerce.number('must be a registrant number').int().min(1).max(50),
});

const INVALID_EMAIL = /*i18n*/ 'Invalid email';
export const lostLinkRequestSchema = z.object({
  email: z.string(INVALID_EMAIL).trim().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
});

export const lostLinkResponseSchema = z.object({ message: z.literal(familyTexts.lostLinkSent) });
