/** The plain-text confirmation: what text-only clients, screen readers and spam filters read. */
import type { ConfirmationView } from './confirmation-view';

export function confirmationText(view: ConfirmationView): string {
  const people = view.registrants.map(
    (r) => `${r.position}. ${r.name}, age ${r.age}${r.details ? `, ${r.details}` : ''}\n   ${r.location}`,
  );
  const lines = [
    `Dear ${view.greetingName},`,
    '',
    `Thank you for registering for the ${view.eventTitle}. This confirms the registration of ${view.registered}:`,
    '',
    ...people,
    '',
    `Registration number: ${view.registrationNumber}`,
    `Registered: ${view.date}`,
    `Event: ${view.eventTitle}, ${view.eventDate}`,
    `Venue: ${view.eventVenue}`,
    '',
    `Please quote ${view.registrationNumber} when you write to us about this registration.`,
    '',
    view.foundationName,
    view.foundationUrl,
  ];
  return `${lines.join('\n')}\n`;
}
