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
  sessionLabel: 'Where will you recite?',
  sessionRequired: 'Choose where to recite',
  almostFull: 'Almost full',
  full: 'Full: join the waiting list',
  placesLeft: (left: number) => (left === 1 ? '1 place left' : `${left} places left`),
  /** The 409 when a family is larger than the places left: all or nothing, never part of a family. */
  notEnoughPlaces: (left: number, wanted: number) =>
    left === 0
      ? `This session is full. You may put everyone on the waiting list, or choose another session.`
      : `Only ${left} ${left === 1 ? 'place is' : 'places are'} left in this session for ${wanted} people. You may put everyone on the waiting list, or choose another session.`,
  joinWaitingList: 'Put everyone on the waiting list',
  sameFamily: 'Same family details as registrant 1',
  parentIsRegistrant1: 'The parent is registrant 1',
  lostLink: 'Lost your link?',
  yourRegistration: 'Your registration',
} as const;
