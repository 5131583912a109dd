/** The plain-text confirmation: what text-only clients, screen readers and spam filters read. */
import { type ConfirmationView, familyPageOffer, openingOf } from './confirmation-view';

export function confirmationText(view: ConfirmationView, places: readonly string[] = []): string {
  const people = view.registrants.map(
    (r) => `${r.position}. ${r.name}, age ${r.age}${r.details ? `, ${r.details}` : ''}\n   ${r.location}`,
  );
  const lines = [
    `Dear ${view.greetingName},`,
    '',
    `${openingOf(view).replace(/\.$/, '')}:`,
    '',
    ...people,
    '',
    ...places.flatMap((line) => [line, '']),
    `Registration number: ${view.registrationNumber}`,
    `Registered: ${view.date}`,
    ...(view.session
      ? [
          `Event: ${view.eventTitle}`,
          `When: ${view.session.startsAt}`,
          `Where: ${view.session.centerName}, ${view.session.hall}`,
          `Address: ${view.session.address}`,
        ]
      : [`Event: ${view.eventTitle}, ${view.eventDate}`, `Venue: ${view.eventVenue}`]),
    '',
    ...(view.familyLink ? [`Your registration: ${familyPageOffer(view)}`, view.familyLink, ''] : []),
    `Please quote ${view.registrationNumber} when you write to us about this registration.`,
    '',
    view.foundationName,
    view.foundationUrl,
  ];
  return `${lines.join('\n')}\n`;
}
