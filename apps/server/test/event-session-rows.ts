/**
 * Registrations of a session written straight to the tables, for tests of what staff read (figures,
 * the session's people, the report): a family of people in a status, its places taken as the
 * registration would take them, and tickets for the registered.
 */
import { randomUUID } from 'node:crypto';
import { placeCountsOf } from '@store/shared/event-sessions';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { takePlaces } from '#src/modules/event-sessions/places';
import type { eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations } from '#src/modules/registrations/tables';
import { issueTickets } from '#src/modules/registrations/ticket-rows';
import { createSession } from './event-session-helpers';

/** A session of center 2 (Dallas) at 9 AM Chicago time, 20 places, unless said. */
export async function insertSession(
  db: Database,
  overrides: Partial<typeof eventSessions.$inferInsert> = {},
): Promise<number> {
  return (await createSession(db, { startsAt: new Date('2027-05-15T14:00:00Z'), capacity: 20, ...overrides })).id;
}

export type SeedPerson = {
  firstName?: string;
  age: number;
  category?: 'Memorization' | 'Fluent Reading';
  cancelled?: boolean;
};

export type SeededRegistration = { id: string; number: number; registrantIds: string[] };

/** One family in `sessionId`: registered (places taken, tickets issued), offered (places held), or waiting. */
export async function seedSessionRegistration(
  db: Database,
  sessionId: number,
  status: 'registered' | 'waiting' | 'offered' | 'cancelled',
  people: readonly SeedPerson[],
  lastName = 'Rao',
  home: { state: string; city: string; zip: string } = { state: 'TX', city: 'Frisco', zip: '75034' },
): Promise<SeededRegistration> {
  return db.transaction(async (tx) => {
    const [registration] = await tx
      .insert(registrations)
      .values({
        idempotencyKey: randomUUID(),
        requestHash: 'seeded',
        email: `${lastName.toLowerCase()}@example.org`,
        sessionId,
        status,
      })
      .returning({ id: registrations.id, number: registrations.number });
    if (!registration) throw new Error('no registration row');
    const rows = await tx
      .insert(registrants)
      .values(
        people.map((person, index) => ({
          registrationId: registration.id,
          position: index + 1,
          age: person.age,
          email: `${lastName.toLowerCase()}@example.org`,
          firstName: person.firstName ?? `Person${index + 1}`,
          lastName,
          gender: 'Female',
          ...(person.age >= 18
            ? { phone: '512 555 0100', category: person.category ?? 'Memorization' }
            : {
                mothersName: 'Asha Rao',
                mothersPhone: '512 555 0100',
                fathersName: 'Ravi Rao',
                fathersPhone: '512 555 0101',
              }),
          country: 'US',
          ...home,
          cancelledAt: person.cancelled ? new Date() : null,
        })),
      )
      .returning({ id: registrants.id, position: registrants.position });
    const live = people.filter((person) => !person.cancelled);
    if (status === 'waiting' || status === 'offered') {
      await tx
        .update(registrations)
        .set({ waitlistRank: registration.number })
        .where(eq(registrations.id, registration.id));
    }
    if (status === 'registered' || status === 'offered') {
      const counts = placeCountsOf(
        live.map((person) => ({ category: person.age >= 18 ? (person.category ?? 'Memorization') : null })),
      );
      if (!(await takePlaces(tx, sessionId, counts))) throw new Error(`session ${sessionId} lacks the places`);
    }
    const liveIds = rows.filter((row) => !people[row.position - 1]?.cancelled).map((row) => row.id);
    if (status === 'registered') await issueTickets(tx, sessionId, liveIds);
    return { id: registration.id, number: registration.number, registrantIds: rows.map((row) => row.id) };
  });
}
