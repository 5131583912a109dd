/**
 * Waiting-list tests' set-up, written straight into the database as a session and its families would
 * stand after registrations: a session with its places taken, families registered or waiting in line.
 *
 *   const session = await seedSession(db, { capacity: 10, taken: 10 });
 *   const a = await seedFamily(db, { sessionId: session.id, status: 'waiting', people: 3 });
 */
import { randomUUID } from 'node:crypto';
import type { Category } from '@store/shared/registration-rules';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { registrants, registrations } from '#src/modules/registrations/tables';

export type SeededSession = { id: number; centerId: number };

export async function seedSession(
  db: Database,
  options: {
    capacity: number;
    taken?: number;
    centerId?: number;
    memorizationCapacity?: number;
    memorizationTaken?: number;
  },
): Promise<SeededSession> {
  const [row] = await db
    .insert(eventSessions)
    .values({
      centerId: options.centerId ?? 1,
      hall: 'Main prayer hall',
      address: '1201 Mission Blvd, Fremont, CA 94539',
      startsAt: new Date('2027-05-15T16:00:00Z'),
      timeZone: 'America/Los_Angeles',
      capacity: options.capacity,
      taken: options.taken ?? 0,
      memorizationCapacity: options.memorizationCapacity ?? null,
      memorizationTaken: options.memorizationTaken ?? 0,
    })
    .returning({ id: eventSessions.id, centerId: eventSessions.centerId });
  if (!row) throw new Error('no session');
  return row;
}

export type SeededFamily = { id: string; number: number; email: string; firstName: string };

let families = 0;

/**
 * A family of `people` adults (their categories: `categories`, Fluent Reading otherwise) in the
 * session: 'waiting' ranks by its number, as joining the line does. Its places are not taken here:
 * a 'registered' family's are counted in the session's `taken` by its seed.
 */
export async function seedFamily(
  db: Database,
  options: {
    sessionId: number;
    status: 'waiting' | 'registered';
    people: number;
    categories?: readonly Category[];
    createdAt?: Date;
  },
): Promise<SeededFamily> {
  families += 1;
  const email = `family${families}.${process.pid}@example.org`;
  const firstName = `Parent${families}`;
  const [registration] = await db
    .insert(registrations)
    .values({
      idempotencyKey: randomUUID(),
      requestHash: 'seeded',
      email,
      sessionId: options.sessionId,
      status: options.status,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: registrations.id, number: registrations.number });
  if (!registration) throw new Error('no registration');
  if (options.status === 'waiting')
    await db
      .update(registrations)
      .set({ waitlistRank: registration.number })
      .where(eq(registrations.id, registration.id));
  await db.insert(registrants).values(
    Array.from({ length: options.people }, (_, i) => ({
      registrationId: registration.id,
      position: i + 1,
      age: 40 - i,
      email,
      firstName: i === 0 ? firstName : `Member${i + 1}`,
      lastName: `Family${families}`,
      gender: 'Female',
      phone: '512 555 0100',
      category: options.categories?.[i] ?? 'Fluent Reading',
      country: 'US',
      state: 'CA',
      city: 'Fremont',
      zip: '94539',
    })),
  );
  return { id: registration.id, number: registration.number, email, firstName };
}
