/**
 * Everything the confirmation's two bodies (confirmation-html.ts, confirmation-text.ts) show, already
 * formatted: the HTML escapes it, the text prints it. confirmation.ts makes it from the stored rows.
 * Its own file, so the bodies and confirmation.ts do not import each other; with the one sentence
 * both bodies open with.
 */
export type ConfirmationView = {
  foundationName: string;
  foundationUrl: string;
  eventTitle: string;
  eventDate: string;
  eventVenue: string;
  registrationNumber: string;
  /** When the registration was stored, in the foundation's time zone. */
  date: string;
  greetingName: string;
  /** "1 person" / "3 people". */
  registered: string;
  /** Where the family recites; null for a registration made before the event had sessions. */
  session: { centerName: string; hall: string; address: string; startsAt: string } | null;
  /** 'registered': places and tickets; 'waiting': on the waiting list, at `waitingPosition`. */
  status: 'registered' | 'waiting' | 'other';
  /** 1 = next in line. Null unless waiting. */
  waitingPosition: number | null;
  /** "Your registration": the family's own page, a signed expiring link; null when none can be made. */
  familyLink: string | null;
  /** How many tickets the attached PDF holds (0: none attached). */
  ticketCount: number;
  registrants: {
    position: number;
    name: string;
    age: number;
    /** The adult's category, or "parents: Mother: … (…); Father: … (…)" for a minor. */
    details: string;
    location: string;
  }[];
};

/** The sentence after the greeting, for the HTML and the text alike. */
export function openingOf(view: ConfirmationView): string {
  const thanks = `Thank you for registering for the ${view.eventTitle}.`;
  if (view.status === 'waiting') return `${thanks} This confirms that ${view.registered} joined the waiting list.`;
  return `${thanks} This confirms the registration of ${view.registered}.`;
}

/** What the family's page offers, under the "Your registration" link. */
export function familyPageOffer(view: ConfirmationView): string {
  const first = view.status === 'waiting' ? 'See your place in line' : 'See your tickets';
  return `${first}, correct a detail, change session or cancel, without an account.`;
}
