/**
 * The registration confirmation (issue 5): sent to the first registrant's e-mail, listing everyone
 * registered. Built from the rows as they are stored, so what the visitor reads is what the
 * organisers see in the report. `renderConfirmation` is pure; the registration queues the message by
 * reference in its own transaction (register-for-event.ts) and the mail worker writes it with this
 * when it sends it (confirmation-renderer.ts).
 */
import { formatRegistrationNumber } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { formatDateTime, formatDay } from '#src/modules/mail/date-format';
import { greetingName } from '#src/modules/mail/greeting';
import { headerValue, type MailMessage } from '#src/modules/mail/outbox';
import { confirmationHtml } from './confirmation-html';
import { CONFIRMATION_KIND } from './confirmation-kind';
import { confirmationText } from './confirmation-text';
import type { ConfirmationView } from './confirmation-view';
import { locationText, parentsText, registrantName, type StoredRegistrant } from './registrant-format';
import type { registrations } from './tables';

type Registration = typeof registrations.$inferSelect;

export type ConfirmationOptions = {
  registration: Pick<Registration, 'id' | 'number' | 'email' | 'createdAt'>;
  /** In the form's order. */
  registrants: readonly StoredRegistrant[];
  site: Pick<Site, 'foundation' | 'event'>;
};

function details(registrant: StoredRegistrant): string {
  const parents = parentsText(registrant);
  if (parents) return `parents: ${parents}`;
  return registrant.category ?? '';
}

export function confirmationView({ registration, registrants, site }: ConfirmationOptions): ConfirmationView {
  const [first] = registrants;
  return {
    foundationName: site.foundation.name,
    foundationUrl: site.foundation.url,
    eventTitle: site.event.title,
    eventDate: formatDay(site.event.date),
    eventVenue: site.event.venue,
    registrationNumber: formatRegistrationNumber(registration.number),
    date: formatDateTime(registration.createdAt, site.foundation.timeZone),
    // The first name only, and only when it looks like one (mail/greeting.ts): not free text.
    greetingName: greetingName(first?.firstName),
    registered: registrants.length === 1 ? '1 person' : `${registrants.length} people`,
    registrants: registrants.map((r) => ({
      position: r.position,
      name: registrantName(r),
      age: r.age,
      details: details(r),
      location: locationText(r),
    })),
  };
}

export function renderConfirmation(options: ConfirmationOptions): MailMessage & { kind: typeof CONFIRMATION_KIND } {
  const view = confirmationView(options);
  return {
    kind: CONFIRMATION_KIND,
    subjectId: options.registration.id,
    to: headerValue(options.registration.email),
    subject: headerValue(`${view.eventTitle} registration ${view.registrationNumber}`),
    html: confirmationHtml(view),
    text: confirmationText(view),
  };
}
