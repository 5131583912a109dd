/**
 * Everything one printed ticket says, already in words: ticket-pdf.ts only places it. One ticket per
 * live ticket row of a registration (a cancelled registrant has none; a changed one has its new one).
 */
import { CHILD_CATEGORY } from '@store/shared/check-in-list';
import { formatRegistrationNumber } from '@store/shared/registration';
import { formatSessionStart } from '@store/shared/session-time';
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
  eventTitle: string;
  foundationName: string;
  registrationNumber: string;
  tickets: PrintedTicket[];
};

/** "Child" for a minor (no category), the category for an adult. */
export function ticketCategory(registrant: { category: string | null }): string {
  return registrant.category ?? CHILD_CATEGORY;
}

export function ticketDocument({
  eventTitle,
  foundationName,
  registrationNumber,
  holders,
  centerName,
  sign,
}: {
  eventTitle: string;
  foundationName: string;
  registrationNumber: number;
  holders: readonly TicketHolder[];
  centerName: (centerId: number) => string;
  sign: (ticket: { id: string; sessionId: number }) => string;
}): TicketDocument {
  return {
    eventTitle,
    foundationName,
    registrationNumber: formatRegistrationNumber(registrationNumber),
    tickets: holders.map(({ ticket, registrant, session }) => ({
      ticketId: ticket.id,
      code: sign(ticket),
      name: `${registrant.firstName} ${registrant.lastName}`.trim(),
      category: ticketCategory(registrant),
      centerName: centerName(session.centerId),
      hall: session.hall,
      address: session.address,
      startsAt: formatSessionStart(session.startsAt, session.timeZone),
    })),
  };
}
