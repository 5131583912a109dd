/**
 * Everything a certificate says, already in words, read for one registrant: certificate-pdf.ts only
 * places it. The date is the session's day in its own time zone (a Fremont morning is that day in
 * Fremont), and the signatory comes from site.json's `certificate`. In the family's language
 * (`locale`): the way they recited in its words, the day in its conventions; names as registered.
 */
import { COMPLETION_CERTIFICATE_WORDS, type CompletionKind } from '@store/shared/certificates';
import type { Locale } from '@store/shared/i18n/locales';
import { formatRegistrationNumber } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { dateTimeIn } from '#src/modules/receipts/pdf/document-dates';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { centerNameIn } from '#src/modules/tickets/registration-tickets';
import { recitationCompletions } from './tables';

export type CertificateDocument = {
  /** The family's language, for the certificate's own words (certificate-pdf.ts); unset, English. */
  locale?: Locale | undefined;
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

/** The session's day where it was held, in the family's language (an unknown zone: the UTC day). */
function sessionDay(startsAt: Date, timeZone: string, locale: Locale): string {
  return dateTimeIn(startsAt, timeZone, locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** How they recited, in the family's language (the words are the `event` catalogue's messages). */
function completionWords(how: string, locale: Locale): string {
  const words = COMPLETION_CERTIFICATE_WORDS[how as CompletionKind] ?? how;
  const i18n = serverI18n(locale);
  return locale !== 'en' && words in i18n.messages ? i18n._(words) : words;
}

export async function markedRegistrant(
  db: Pick<Database, 'select'>,
  registrantId: string,
  site: Pick<Site, 'foundation' | 'event' | 'centers' | 'certificate'>,
  /** The family's language (their registration's); unset, English. */
  { locale = 'en' }: { locale?: Locale | undefined } = {},
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
      // Set only for another language: an English certificate is the same as it always was.
      ...(locale === 'en' ? {} : { locale }),
      foundationName: site.foundation.name,
      eventTitle: site.event.title,
      name: registrantName(registrant),
      category: completionWords(how, locale),
      date: sessionDay(session.startsAt, session.timeZone, locale),
      centerName: centerNameIn(site, session.centerId),
      hall: session.hall,
      signatoryName: site.certificate.signatoryName ?? site.foundation.name,
      signatoryTitle: site.certificate.signatoryTitle,
      reference,
    },
  };
}
