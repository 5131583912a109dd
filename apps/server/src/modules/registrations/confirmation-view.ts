/**
 * Everything the confirmation's two bodies (confirmation-html.ts, confirmation-text.ts) show, already
 * formatted: the HTML escapes it, the text prints it. confirmation.ts makes it from the stored rows.
 * Its own file, so the bodies and confirmation.ts do not import each other.
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
  registrants: {
    position: number;
    name: string;
    age: number;
    /** The adult's category, or "parents: Mother: … (…); Father: … (…)" for a minor. */
    details: string;
    location: string;
  }[];
};
