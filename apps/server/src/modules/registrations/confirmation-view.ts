/**
 * Everything the confirmation's two bodies (confirmation-html.ts, confirmation-text.ts) show, already
 * formatted: the HTML escapes it, the text prints it. confirmation.ts makes it from the stored rows.
 * Its own file, so the bodies and confirmation.ts do not import each other; with the one sentence
 * both bodies open with. In the family's language (`locale`, the registration's).
 */
import type { Locale } from '@store/shared/i18n/locales';
import { serverI18n } from '#src/i18n/server-i18n';

export type ConfirmationView = {
  /** The language the family registered in: every word of the message is in it. */
  locale: Locale;
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
  const i18n = serverI18n(view.locale);
  const values = { event: view.eventTitle, registered: view.registered };
  if (view.status === 'waiting') {
    return i18n._(
      'Thank you for registering for the {event}. This confirms that {registered} joined the waiting list.',
      values,
    );
  }
  return i18n._('Thank you for registering for the {event}. This confirms the registration of {registered}.', values);
}

/** What the family's page offers, under the "Your registration" link. */
export function familyPageOffer(view: ConfirmationView): string {
  const i18n = serverI18n(view.locale);
  return view.status === 'waiting'
    ? i18n._('See your place in line, correct a detail, change session or cancel, without an account.')
    : i18n._('See your tickets, correct a detail, change session or cancel, without an account.');
}
