/**
 * The registration confirmation (issue 5): sent to the first registrant's e-mail, listing everyone
 * registered, where and when they recite, and "Your registration" (the family's own page). A family
 * with places gets its tickets attached as a PDF (the tickets module renders it and this message at
 * send time); a family on the waiting list reads its place in line and what happens next. Built
 * from the rows as they are stored, so what the visitor reads is what the organisers see in the
 * report. `renderConfirmation` is pure. In the language the family registered in (decision 0042).
 */
import { INTL_LOCALE, type Locale } from '@store/shared/i18n/locales';
import { formatRegistrationNumber } from '@store/shared/registration';
import { formatSessionStart } from '@store/shared/session-time';
import type { Site } from '@store/shared/site';
import { serverI18n } from '#src/i18n/server-i18n';
import { formatDateTime, formatDay } from '#src/modules/mail/date-format';
import { greetingName } from '#src/modules/mail/greeting';
import { headerValue, type MailMessage } from '#src/modules/mail/outbox';
import { confirmationHtml } from './confirmation-html';
import { CONFIRMATION_KIND } from './confirmation-kind';
import { confirmationText } from './confirmation-text';
import type { ConfirmationView } from './confirmation-view';
import { categoryText, locationText, parentsText, registrantName, type StoredRegistrant } from './registrant-format';
import type { registrations } from './tables';

type Registration = typeof registrations.$inferSelect;

export type ConfirmationSession = {
  centerName: string;
  hall: string;
  address: string;
  startsAt: Date;
  timeZone: string;
};

export type ConfirmationOptions = {
  /** `locale`: the language the family registered in; unset, English. */
  registration: Pick<Registration, 'id' | 'number' | 'email' | 'createdAt'> & {
    status?: string;
    locale?: Locale | undefined;
  };
  /** In the form's order. */
  registrants: readonly StoredRegistrant[];
  site: Pick<Site, 'foundation' | 'event'>;
  session?: ConfirmationSession | null;
  /** 1 = next in line, for a waiting registration. */
  waitingPosition?: number | null;
  familyLink?: string | null;
  ticketCount?: number;
};

function details(registrant: StoredRegistrant, locale: Locale): string {
  const parents = parentsText(registrant, locale);
  if (parents) {
    const i18n = serverI18n(locale);
    return i18n._('parents: {parents}', { parents });
  }
  return registrant.category === null ? '' : categoryText(registrant.category, locale);
}

function statusOf(status: string | undefined): ConfirmationView['status'] {
  if (status === undefined || status === 'registered') return 'registered';
  // An offer still open is a place held, not yet taken: the family is still in line.
  return status === 'waiting' || status === 'offered' ? 'waiting' : 'other';
}

export function confirmationView(options: ConfirmationOptions): ConfirmationView {
  const { registration, site, session } = options;
  // A registrant cancelled before the mail left is not "registered" any more.
  const registrants = options.registrants.filter((r) => r.cancelledAt === null);
  const [first] = registrants;
  const status = statusOf(registration.status);
  const locale = registration.locale ?? 'en';
  const i18n = serverI18n(locale);
  return {
    locale,
    foundationName: site.foundation.name,
    foundationUrl: site.foundation.url,
    eventTitle: site.event.title,
    eventDate: formatDay(site.event.date, locale),
    eventVenue: site.event.venue,
    registrationNumber: formatRegistrationNumber(registration.number),
    date: formatDateTime(registration.createdAt, site.foundation.timeZone, locale),
    // The first name only, and only when it looks like one (mail/greeting.ts): not free text.
    greetingName: greetingName(first?.firstName, locale),
    registered: i18n._('{count, plural, one {# person} other {# people}}', { count: registrants.length }),
    session: session
      ? {
          centerName: session.centerName,
          hall: session.hall,
          address: session.address,
          startsAt: formatSessionStart(session.startsAt, session.timeZone, 'long', INTL_LOCALE[locale]),
        }
      : null,
    status,
    waitingPosition: status === 'waiting' ? (options.waitingPosition ?? null) : null,
    familyLink: options.familyLink ?? null,
    ticketCount: status === 'registered' ? (options.ticketCount ?? 0) : 0,
    registrants: registrants.map((r) => ({
      position: r.position,
      name: registrantName(r),
      age: r.age,
      details: details(r, locale),
      location: locationText(r, locale),
    })),
  };
}

/** What the message says about the family's places: the tickets, or the line and what comes next. */
export function confirmationPlaces(view: ConfirmationView, hoursToAccept?: number): string[] {
  const i18n = serverI18n(view.locale);
  if (view.status === 'waiting') {
    // Whole sentences, so each language words them as it needs.
    const where =
      view.waitingPosition === null
        ? i18n._('This session is full, so your family is on the waiting list. You have no tickets yet.')
        : i18n._(
            'This session is full, so your family is number {position} on the waiting list. You have no tickets yet.',
            { position: view.waitingPosition },
          );
    const hold =
      hoursToAccept === undefined
        ? i18n._(
            'When places free up, the next family in line gets an e-mail offering them, with a link to accept. The offer holds the places for a set time: accept in time and your tickets follow by e-mail; otherwise they pass to the next family.',
          )
        : i18n._(
            'When places free up, the next family in line gets an e-mail offering them, with a link to accept. The offer holds the places for {hours} hours: accept in time and your tickets follow by e-mail; otherwise they pass to the next family.',
            { hours: hoursToAccept },
          );
    return [where, hold];
  }
  if (view.status === 'other') return [i18n._('This registration no longer holds places.')];
  if (view.ticketCount === 0) return [];
  return [
    i18n._(
      '{count, plural, one {Your ticket is} other {Your # tickets are}} attached as a PDF: one page per person, with the QR code to show at the door, printed or on a phone.',
      { count: view.ticketCount },
    ),
  ];
}

export type ConfirmationMail = MailMessage & { kind: typeof CONFIRMATION_KIND };

export function renderConfirmation(options: ConfirmationOptions & { hoursToAccept?: number }): ConfirmationMail {
  const view = confirmationView(options);
  const places = confirmationPlaces(view, options.hoursToAccept);
  const i18n = serverI18n(view.locale);
  const values = { event: view.eventTitle, number: view.registrationNumber };
  const subject =
    view.status === 'waiting'
      ? i18n._('{event} registration {number} (waiting list)', values)
      : i18n._('{event} registration {number}', values);
  return {
    kind: CONFIRMATION_KIND,
    subjectId: options.registration.id,
    to: headerValue(options.registration.email),
    subject: headerValue(subject),
    html: confirmationHtml(view, places),
    text: confirmationText(view, places),
  };
}
