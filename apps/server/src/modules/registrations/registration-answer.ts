/**
 * The answer to a registration, made from its rows: the first request's and any replay's alike (a
 * replay after the family was offered places or cancelled tells what holds now). Who was
 * registered, in the form's order, with each one's live ticket, and the place in the waiting line.
 */
import { formatRegistrationNumber, type RegistrationResponse } from '@store/shared/registration';
import type { Site } from '@store/shared/site';
import { and, asc, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { centerNameOf } from '#src/modules/event-sessions/center-name';
import type { EventSession } from '#src/modules/event-sessions/tables';
import type { Registration } from './registration-repo';
import { registrants, registrations, tickets } from './tables';

type Reader = Pick<Database, 'select'>;

const IN_LINE = ['waiting', 'offered'];

/** 1 = next in line, among the session's waiting and offered families; null when not in line. */
export async function waitingPositionOf(db: Reader, registration: Registration): Promise<number | null> {
  if (!IN_LINE.includes(registration.status) || registration.waitlistRank === null || registration.sessionId === null)
    return null;
  const [row] = await db
    .select({ ahead: count() })
    .from(registrations)
    .where(
      and(
        eq(registrations.sessionId, registration.sessionId),
        inArray(registrations.status, IN_LINE),
        lte(registrations.waitlistRank, registration.waitlistRank),
      ),
    );
  return row?.ahead ?? null;
}

export async function registrationAnswer(
  db: Reader,
  input: { registration: Registration; session: EventSession; site: Pick<Site, 'centers'> },
): Promise<RegistrationResponse> {
  const { registration, session, site } = input;
  const people = await db
    .select({
      position: registrants.position,
      firstName: registrants.firstName,
      lastName: registrants.lastName,
      ticketId: tickets.id,
    })
    .from(registrants)
    .leftJoin(tickets, and(eq(tickets.registrantId, registrants.id), isNull(tickets.revokedAt)))
    .where(eq(registrants.registrationId, registration.id))
    .orderBy(asc(registrants.position));
  const registered = registration.status === 'registered';
  return {
    registrationNumber: formatRegistrationNumber(registration.number),
    registrants: people.length,
    email: registration.email,
    confirmationEmailed: registration.confirmationEmailed,
    status: registered ? 'registered' : 'waiting',
    session: {
      id: session.id,
      centerName: centerNameOf(site, session.centerId),
      hall: session.hall,
      address: session.address,
      startsAt: session.startsAt.toISOString(),
      timeZone: session.timeZone,
    },
    people: people.map((p) => ({ ...p, ticketId: p.ticketId ?? null })),
    waitingPosition: registered ? null : await waitingPositionOf(db, registration),
  };
}
