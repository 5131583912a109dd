/**
 * Sessions for registration tests, written straight into the test database: a hall with the places
 * a test needs, starting well after the test runs (or before it, to prove a started one is closed).
 */
import type { Database } from '#src/db/client';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createSession(
  db: Pick<Database, 'insert'>,
  overrides: Partial<typeof eventSessions.$inferInsert> = {},
): Promise<EventSession> {
  const [row] = await db
    .insert(eventSessions)
    .values({
      // Center 2 of config/site.json: Dallas.
      centerId: 2,
      hall: 'Datta Auditorium',
      address: '4455 Legacy Dr, Frisco, TX 75034',
      startsAt: new Date(Date.now() + 60 * DAY_MS),
      timeZone: 'America/Chicago',
      capacity: 10_000,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no session');
  return row;
}
