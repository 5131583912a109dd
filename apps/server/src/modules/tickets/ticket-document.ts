/**
 * Everything one printed ticket says, already in words: ticket-pdf.ts only places it. One ticket per
 * live ticket row of a registration (a cancelled registrant has none; a changed one has its new one).
 * In the family's language (`locale`): the category and the start in its words and conventions;
 * names, centers, halls, addresses and codes as they are.
 */
import { CHILD_CATEGORY } from '@store/shared/check-in-list';
import type { Locale } from '@store/shared/i18n/locales';
import { formatRegistrationNumber } from '@store/shared/registration';
import { formatSessionStart } from '@store/shared/session-time';
import { serverI18n } from '#src/i18n/server-i18n';
import { dateTimeIn } from '#src/modules/receipts/pdf/document-dates';
import type { TicketHolder } from './ticket-repo';

export type PrintedTicket = {
  ticketId: string;
  /** The signed code the QR code carries. */
  code: string;
  name: string;
  /** The adult's category, or "Child". */
  category: string;
  centerName: string;
  hall: string;
  address: string;
  /** The start in the session's own time zone, the zone named. */
  startsAt: string;
};

export type TicketDocument = {
  /** The family's language, for the ticket's own words (ticket-pdf.ts); unset, English. */
  locale?: Locale | undefined;
  eventTitle: string;
  foundationName: string;
  registrationNumber: string;
  tickets: PrintedTicket[];
};

/** "Child" for a minor (no category), the category for an adult. */
export function ticketCategory(registrant: { category: string | null }): string {
  return registrant.category ?? CHILD_CATEGORY;
}

/** The categories as messages: the stored values are these English words. */
const CATEGORY_WORDS: ReadonlySet<string> = new Set([
  /*i18n*/ 'Memorization',
  /*i18n*/ 'Fluent Reading',
  /*i18n*/ 'Child',
]);

/** A category in the family's language; one that is no message (renamed in site.json) as it is. */
export function categoryIn(category: string, locale: Locale): string {
  const i18n = serverI18n(locale);
  return CATEGORY_WORDS.has(category) && category in i18n.messages ? i18n._(category) : category;
}

/** The session's start as the pages write it in English; in the language's own form otherwise, the zone named. */
export function sessionStartIn(startsAt: Date, timeZone: string, locale: Locale): string {
  if (locale === 'en') return formatSessionStart(startsAt, timeZone);
  return dateTimeIn(startsAt, timeZone, locale, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

export function ticketDocument({
  eventTitle,
  foundationName,
  registrationNumber,
  holders,
  centerName,
  sign,
  locale = 'en',
}: {
  locale?: Locale | undefined;
  eventTitle: string;
  foundationName: string;
  registrationNumber: number;
  holders: readonly TicketHolder[];
  centerName: (centerId: number) => string;
  sign: (ticket: { id: string; sessionId: number }) => string;
}): TicketDocument {
  return {
    // Set only for another language: an English document is the same as it always was.
    ...(locale === 'en' ? {} : { locale }),
    eventTitle,
    foundationName,
    registrationNumber: formatRegistrationNumber(registrationNumber),
    tickets: holders.map(({ ticket, registrant, session }) => ({
      ticketId: ticket.id,
      code: sign(ticket),
      name: `${registrant.firstName} ${registrant.lastName}`.trim(),
      category: categoryIn(ticketCategory(registrant), locale),
      centerName: centerName(session.centerId),
      hall: session.hall,
      address: session.address,
      startsAt: sessionStartIn(session.startsAt, session.timeZone, locale),
    })),
  };
}
