/**
 * What the pages say about a session's places, and the rule that decides it. Without zod, so the
 * registration page can show them without loading the schemas (event-sessions.ts re-exports them).
 */
/** A session's places, as shown beside it on the form. */
export const SESSION_AVAILABILITY = ['open', 'almost_full', 'full'] as const;
export type SessionAvailability = (typeof SESSION_AVAILABILITY)[number];

/**
 * "Almost full" once a tenth of the places or fewer are left (at least 5, so a small hall warns too),
 * "full" at none. One rule for the form, the family's page and the back office.
 */
export function sessionAvailability(placesLeft: number, capacity: number): SessionAvailability {
  if (placesLeft <= 0) return 'full';
  return placesLeft <= Math.max(5, Math.ceil(capacity / 10)) ? 'almost_full' : 'open';
}

export const eventSessionTexts = {
  sessionLabel: /*i18n*/ 'Where will you recite?',
  sessionRequired: /*i18n*/ 'Choose where to recite',
  almostFull: /*i18n*/ 'Almost full',
  full: /*i18n*/ 'Full: join the waiting list',
  /** The back office's words (it stays in English); a family's pages show placesLeftCount. */
  placesLeft: (left: number) => (left === 1 ? '1 place left' : `${left} places left`),
  /** The same as placesLeft, for a family's pages: `i18n._(eventSessionTexts.placesLeftCount, { left })`. */
  placesLeftCount: /*i18n*/ '{left, plural, one {# place left} other {{left} places left}}',
  /**
   * The 409 when a family is larger than the places left: all or nothing, never part of a family.
   * `{ left, wanted }`: the places left and the people who need one.
   */
  notEnoughPlaces:
    /*i18n*/ '{left, plural, =0 {This session is full. You may put everyone on the waiting list, or choose another session.} one {Only # place is left in this session for {wanted} people. You may put everyone on the waiting list, or choose another session.} other {Only {left} places are left in this session for {wanted} people. You may put everyone on the waiting list, or choose another session.}}',
  joinWaitingList: /*i18n*/ 'Put everyone on the waiting list',
  sameFamily: /*i18n*/ 'Same family details as registrant 1',
  parentIsRegistrant1: /*i18n*/ 'The parent is registrant 1',
  lostLink: /*i18n*/ 'Lost your link?',
  yourRegistration: /*i18n*/ 'Your registration',
} as const;
