/**
 * Registrations with tickets written straight into the database, as the registration and the
 * family's page leave them: a session, a registration in it, its people, one live ticket each.
 * For the tickets module's tests (the PDF, the confirmation, the check-in list, the downloads).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { issueTickets, revokeTickets } from '#src/modules/registrations/ticket-rows';

type RegistrantRow = typeof registrants.$inferInsert;

export async function seedSession(
  db: Database,
  values: Partial<typeof eventSessions.$inferInsert> = {},
): Promise<typeof eventSessions.$inferSelect> {
  const [session] = await db
    .insert(eventSessions)
    .values({
      centerId: 2,
      hall: 'Datta Auditorium',
      address: '4455 Legacy Dr, Frisco, TX 75034',
      // 9:00 AM in Frisco (CDT).
      startsAt: new Date('2027-05-15T14:00:00Z'),
      timeZone: 'America/Chicago',
      capacity: 100,
      ...values,
    })
    .returning();
  if (!session) throw new Error('no session was stored');
  return session;
}

export type SeededPerson = Partial<Omit<RegistrantRow, 'registrationId' | 'position'>>;

export function adultPerson(values: SeededPerson = {}): SeededPerson {
  return { firstName: 'Asha', lastName: 'Rao', age: 42, phone: '512 555 0100', category: 'Memorization', ...values };
}

export function childPerson(values: SeededPerson = {}): SeededPerson {
  return {
    firstName: 'Anu',
    lastName: 'Rao',
    age: 9,
    category: null,
    mothersName: 'Asha Rao',
    mothersPhone: '512 555 0100',
    fathersName: 'Ravi Rao',
    fathersPhone: '512 555 0101',
    ...values,
  };
}

/** A registration of `people` in `sessionId`; 'registered' ones get one live ticket per person. */
export async function seedRegistration(
  db: Database,
  {
    sessionId,
    people,
    email = `family-${randomUUID().slice(0, 8)}@example.org`,
    status = 'registered',
    userId = null,
  }: {
    sessionId: number;
    people: readonly SeededPerson[];
    email?: string;
    status?: 'registered' | 'waiting';
    userId?: string | null;
  },
) {
  return db.transaction(async (tx) => {
    const [registration] = await tx
      .insert(registrations)
      .values({
        idempotencyKey: randomUUID(),
        requestHash: randomUUID(),
        email,
        userId,
        sessionId,
        status,
      })
      .returning();
    if (!registration) throw new Error('no registration was stored');
    if (status === 'waiting')
      await tx
        .update(registrations)
        .set({ waitlistRank: registration.number })
        .where(eq(registrations.id, registration.id));
    const stored = await tx
      .insert(registrants)
      .values(
        people.map((person, index) => ({
          registrationId: registration.id,
          position: index + 1,
          age: 42,
          email,
          firstName: 'Asha',
          lastName: 'Rao',
          gender: 'Female',
          country: 'US',
          state: 'TX',
          city: 'Frisco',
          zip: '75034',
          ...person,
        })),
      )
      .returning();
    const tickets =
      status === 'registered'
        ? await issueTickets(
            tx,
            sessionId,
            stored.map((r) => r.id),
          )
        : [];
    return {
      registration: { ...registration, waitlistRank: status === 'waiting' ? registration.number : null },
      registrants: stored,
      tickets,
    };
  });
}

/** A correction from the family's page: the old ticket revoked, a new one issued, in one transaction. */
export async function changeRegistrant(db: Database, registrantId: string, sessionId: number) {
  return db.transaction(async (tx) => {
    const revoked = await revokeTickets(tx, [registrantId], 'changed');
    const [issued] = await issueTickets(tx, sessionId, [registrantId]);
    if (!issued) throw new Error('no ticket was issued');
    return { revoked, issued };
  });
}
