/**
 * The people of one session as its page lists them: registered and offered families' people who
 * have not cancelled, in registration order then the form's, each with their live ticket (one live
 * ticket per registrant, so the join never repeats a person). The waiting list has its own panel.
 */

import { REGISTRATION_STATUSES, type RegistrationStatus } from '@store/shared/event-sessions';
import { formatRegistrationNumber } from '@store/shared/registration';
import { SESSION_REGISTRANTS_LIMIT, type SessionRegistrant } from '@store/shared/staff-event-sessions';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { registrants, registrations, tickets } from '#src/modules/registrations/tables';

const HOLDING_PLACES = ['registered', 'offered'];

function statusOf(value: string): RegistrationStatus {
  return REGISTRATION_STATUSES.find((status) => status === value) ?? 'registered';
}

export async function readSessionRegistrants(
  db: Database,
  sessionId: number,
): Promise<{ registrants: SessionRegistrant[]; registrantCount: number }> {
  const inSession = and(
    eq(registrations.sessionId, sessionId),
    inArray(registrations.status, HOLDING_PLACES),
    isNull(registrants.cancelledAt),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        registrationId: registrations.id,
        number: registrations.number,
        status: registrations.status,
        position: registrants.position,
        firstName: registrants.firstName,
        lastName: registrants.lastName,
        age: registrants.age,
        category: registrants.category,
        ticketId: tickets.id,
      })
      .from(registrations)
      .innerJoin(registrants, eq(registrants.registrationId, registrations.id))
      .leftJoin(tickets, and(eq(tickets.registrantId, registrants.id), isNull(tickets.revokedAt)))
      .where(inSession)
      .orderBy(asc(registrations.number), asc(registrants.position))
      .limit(SESSION_REGISTRANTS_LIMIT),
    db
      .select({ count: count() })
      .from(registrations)
      .innerJoin(registrants, eq(registrants.registrationId, registrations.id))
      .where(inSession),
  ]);
  return {
    registrants: rows.map((row) => ({
      registrationId: row.registrationId,
      registrationNumber: formatRegistrationNumber(row.number),
      status: statusOf(row.status),
      position: row.position,
      name: `${row.firstName} ${row.lastName}`,
      age: row.age,
      category: row.category,
      ticketId: row.ticketId,
    })),
    registrantCount: Number(total?.count ?? 0),
  };
}
