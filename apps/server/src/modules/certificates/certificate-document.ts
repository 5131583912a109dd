/**
 * Everything a certificate says, already in words, read for one registrant: certificate-pdf.ts only
 * places it. The date is the session's day in its own time zone (a Fremont morning is that day in
 * Fremont), and the signatory comes from site.json's `certificate`.
 */
import { COMPLETION_CERTIFICATE_WORDS, type CompletionKind } from '@store/shared/certificates';
import { formatRegistrationNumber } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { centerNameIn } from '#src/modules/tickets/registration-tickets';
import { recitationCompletions } from './tables';

export type CertificateDocument = {
  foundationName: string;
  eventTitle: string;
  name: string;
  /** "Recited by memory" or "Fluent reading". */
  category: string;
  /** "Saturday, May 15, 2027", the session's day where it was held. */
  date: string;
  centerName: string;
  hall: string;
  signatoryName: string;
  signatoryTitle: string;
  /** "BGM-000042-1": the registration and the person's place in it. */
  reference: string;
};

/** What the e-mail and the download need beside the document. */
export type MarkedRegistrant = {
  document: CertificateDocument;
  registrationId: string;
  email: string;
  firstName: string;
  fileName: string;
};

function sessionDay(startsAt: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(startsAt);
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(startsAt);
  }
}

export async function markedRegistrant(
  db: Pick<Database, 'select'>,
  registrantId: string,
  site: Pick<Site, 'foundation' | 'event' | 'centers' | 'certificate'>,
): Promise<MarkedRegistrant | undefined> {
  const [found] = await db
    .select({
      registrant: registrants,
      number: registrations.number,
      how: recitationCompletions.how,
      session: eventSessions,
    })
    .from(recitationCompletions)
    .innerJoin(registrants, eq(registrants.id, recitationCompletions.registrantId))
    .innerJoin(registrations, eq(registrations.id, registrants.registrationId))
    .innerJoin(eventSessions, eq(eventSessions.id, recitationCompletions.sessionId))
    .where(eq(recitationCompletions.registrantId, registrantId));
  if (!found) return undefined;
  const { registrant, number, how, session } = found;
  const reference = `${formatRegistrationNumber(number)}-${registrant.position}`;
  return {
    registrationId: registrant.registrationId,
    email: registrant.email,
    firstName: registrant.firstName,
    fileName: `certificate-${reference}.pdf`,
    document: {
      foundationName: site.foundation.name,
      eventTitle: site.event.title,
      name: registrantName(registrant),
      category: COMPLETION_CERTIFICATE_WORDS[how as CompletionKind] ?? how,
      date: sessionDay(session.startsAt, session.timeZone),
      centerName: centerNameIn(site, session.centerId),
      hall: session.hall,
      signatoryName: site.certificate.signatoryName ?? site.foundation.name,
      signatoryTitle: site.certificate.signatoryTitle,
      reference,
    },
  };
}
