/**
 * Reads of live tickets with their holder and session, for the tickets PDF, the confirmation and
 * the check-in list. A ticket is live until revoked; a cancelled registrant's ticket is revoked in
 * the cancellation's transaction (registrations/ticket-rows.ts), so "live" is the whole rule here.
 */
import { and, asc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations, type Ticket, tickets } from '#src/modules/registrations/tables';

type Registrant = typeof registrants.$inferSelect;
export type TicketHolder = { ticket: Ticket; registrant: Registrant; session: EventSession };

/** A registration's live tickets, in the form's order. */
export async function liveTicketsOfRegistration(
  db: Pick<Database, 'select'>,
  registrationId: string,
): Promise<TicketHolder[]> {
  return db
    .select({ ticket: tickets, registrant: registrants, session: eventSessions })
    .from(tickets)
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .innerJoin(eventSessions, eq(eventSessions.id, tickets.sessionId))
    .where(and(eq(registrants.registrationId, registrationId), isNull(tickets.revokedAt)))
    .orderBy(asc(registrants.position));
}

/** A session's live tickets (by registration, then the form's order) and its revoked tickets' ids. */
export async function sessionTickets(
  db: Pick<Database, 'select'>,
  sessionId: number,
): Promise<{ live: { ticket: Ticket; registrant: Registrant }[]; revoked: string[] }> {
  const live = await db
    .select({ ticket: tickets, registrant: registrants })
    .from(tickets)
    .innerJoin(registrants, eq(registrants.id, tickets.registrantId))
    .innerJoin(registrations, eq(registrations.id, registrants.registrationId))
    .where(and(eq(tickets.sessionId, sessionId), isNull(tickets.revokedAt)))
    .orderBy(asc(registrations.number), asc(registrants.position));
  return { live, revoked: await revokedTicketIds(db, sessionId) };
}

/** A session's revoked tickets' ids, in the order they were revoked. */
export async function revokedTicketIds(db: Pick<Database, 'select'>, sessionId: number): Promise<string[]> {
  const revoked = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.sessionId, sessionId), isNotNull(tickets.revokedAt)))
    .orderBy(asc(tickets.revokedAt), asc(tickets.id));
  return revoked.map((row) => row.id);
}

export async function findSession(db: Pick<Database, 'select'>, sessionId: number): Promise<EventSession | undefined> {
  const [session] = await db.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  return session;
}

/** The registration a family's link names, with the fields the tickets need. */
export async function findRegistration(db: Pick<Database, 'select'>, registrationId: string) {
  const [found] = await db
    .select({ id: registrations.id, number: registrations.number, locale: registrations.locale })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return found;
}

/** A registration the account owns (`owned`: db/owned-by.ts's condition), or undefined. */
export async function findOwnedRegistration(db: Pick<Database, 'select'>, registrationId: string, owned: SQL) {
  const [found] = await db
    .select({ id: registrations.id, number: registrations.number, locale: registrations.locale })
    .from(registrations)
    .where(and(eq(registrations.id, registrationId), owned));
  return found;
}
