/**
 * The plain-text confirmation: what text-only clients, screen readers and spam filters read. In
 * the family's language, as the HTML is.
 */
import { serverI18n } from '#src/i18n/server-i18n';
import { dearLine } from '#src/modules/mail/email-layout';
import { type ConfirmationView, familyPageOffer, openingOf } from './confirmation-view';

export function confirmationText(view: ConfirmationView, places: readonly string[] = []): string {
  const i18n = serverI18n(view.locale);
  const people = view.registrants.map(
    (r) =>
      `${r.position}. ${i18n._('{name}, age {age}', { name: r.name, age: r.age })}${r.details ? `, ${r.details}` : ''}\n   ${r.location}`,
  );
  /** 'Label: value', the label in the family's language. */
  const line = (label: string, value: string) => `${label}: ${value}`;
  const lines = [
    dearLine(view.greetingName, view.locale),
    '',
    // The opening leads into the list: its full stop (Hindi's danda too) becomes a colon.
    `${openingOf(view).replace(/[.।]$/, '')}:`,
    '',
    ...people,
    '',
    ...places.flatMap((text) => [text, '']),
    line(i18n._('Registration number'), view.registrationNumber),
    line(i18n._('Registered'), view.date),
    ...(view.session
      ? [
          line(i18n._('Event'), view.eventTitle),
          line(i18n._('When'), view.session.startsAt),
          line(i18n._('Where'), `${view.session.centerName}, ${view.session.hall}`),
          line(i18n._('Address'), view.session.address),
        ]
      : [line(i18n._('Event'), `${view.eventTitle}, ${view.eventDate}`), line(i18n._('Venue'), view.eventVenue)]),
    '',
    ...(view.familyLink ? [line(i18n._('Your registration'), familyPageOffer(view)), view.familyLink, ''] : []),
    i18n._('Please quote {number} when you write to us about this registration.', { number: view.registrationNumber }),
    '',
    view.foundationName,
    view.foundationUrl,
  ];
  return `${lines.join('\n')}\n`;
}
