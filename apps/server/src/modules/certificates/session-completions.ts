/**
 * A session's registrants with their completion: everyone holding a live ticket of the session, in
 * the check-in list's order, whether they checked in at the door (a kept check-in of any of their
 * tickets of the session), how they completed the recitation and when their certificate was queued.
 */
import type { CompletionKind, CompletionRow } from '@store/shared/certificates';
import { shortTicketId } from '@store/shared/ticket-code';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { checkIns } from '#src/modules/check-in/tables';
import { registrantName } from '#src/modules/registrations/registrant-format';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';
import { ticketCategory } from '#src/modules/tickets/ticket-document';
import { recitationCompletions } from './tables';

export type SessionRegistrant = CompletionRow & { ticketId: string; firstName: string };

export async function sessionRegistrants(
  db: Pick<Database, 'select'>,
  sessionId: number,
): Promise<SessionRegistrant[]> {
  const rows = await db
    .select({
      ticketId: tickets.id,
      registrant: registrants,
      how: recitationCompletions.how,
      queuedAt: recitationCompletions.certificateQueuedAt,
      checkedIn: sql<boolean>`exists (
        select 1 from ${checkIns} inner join ${tickets} as door_ticket on door_ticket.id = ${checkIns.ticketId}
        where door_ticket.registrant_id = ${registrants.id} and ${checkIns.sessionId} = ${sessionId}
          and ${checkIns.outcome} = 'kept')`,
    })
    .from(tickets)
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .innerJoin(registrations, eq(registrations.id, registrants.registrationId))
    .leftJoin(recitationCompletions, eq(recitationCompletions.registrantId, registrants.id))
    .where(and(eq(tickets.sessionId, sessionId), isNull(tickets.revokedAt)))
    .orderBy(asc(registrations.number), asc(registrants.position));
  return rows.map(({ ticketId, registrant, how, queuedAt, checkedIn }) => ({
    registrantId: registrant.id,
    ticketId,
    ticketNumber: shortTicketId(ticketId),
    name: registrantName(registrant),
    firstName: registrant.firstName,
    category: ticketCategory(registrant),
    minor: registrant.category === null,
    checkedIn: checkedIn === true || String(checkedIn) === 'true',
    how: (how as CompletionKind | null) ?? null,
    certificateQueuedAt: queuedAt ? queuedAt.toISOString() : null,
  }));
}

/** The row as the API answers it (without the full ticket id and the first name). */
export function completionRow({
  ticketId: _ticketId,
  firstName: _firstName,
  ...row
}: SessionRegistrant): CompletionRow {
  return row;
}
