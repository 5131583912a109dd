/**
 * Taking and giving back a session's places. Taking is ONE guarded UPDATE in the caller's
 * transaction: it succeeds only while the places (and each capped category's) are there, and it
 * holds the session's row lock until that transaction ends, so two processes racing for the last
 * places can never both win (never read-then-write across two statements). A transaction that fails
 * after taking rolls its places back with it: no place is lost half-way.
 */
import type { PlaceCounts } from '@store/shared/event-sessions';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { eventSessions } from './tables';

/** A database or a transaction (`db.transaction(async (tx) => …)`). */
type Executor = Pick<Database, 'update'>;

/** True when the places were taken; false (nothing changed) when the session lacks them or is archived. */
export async function takePlaces(tx: Executor, sessionId: number, counts: PlaceCounts): Promise<boolean> {
  const s = eventSessions;
  const rows = await tx
    .update(s)
    .set({
      taken: sql`${s.taken} + ${counts.people}`,
      memorizationTaken: sql`${s.memorizationTaken} + ${counts.memorization}`,
      fluentReadingTaken: sql`${s.fluentReadingTaken} + ${counts.fluentReading}`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(s.id, sessionId),
        eq(s.archived, false),
        sql`${s.taken} + ${counts.people} <= ${s.capacity}`,
        sql`(${s.memorizationCapacity} is null or ${s.memorizationTaken} + ${counts.memorization} <= ${s.memorizationCapacity})`,
        sql`(${s.fluentReadingCapacity} is null or ${s.fluentReadingTaken} + ${counts.fluentReading} <= ${s.fluentReadingCapacity})`,
      ),
    )
    .returning({ id: s.id });
  return rows.length === 1;
}

/** Gives places back (a cancellation, a lapsed offer, a move). The caller then offers them on. */
export async function releasePlaces(tx: Executor, sessionId: number, counts: PlaceCounts): Promise<void> {
  const s = eventSessions;
  await tx
    .update(s)
    .set({
      taken: sql`${s.taken} - ${counts.people}`,
      memorizationTaken: sql`${s.memorizationTaken} - ${counts.memorization}`,
      fluentReadingTaken: sql`${s.fluentReadingTaken} - ${counts.fluentReading}`,
      updatedAt: sql`now()`,
    })
    .where(eq(s.id, sessionId));
}

/** Places left now, overall and per capped category (null: no cap). */
export function placesLeftOf(session: {
  capacity: number;
  taken: number;
  memorizationCapacity: number | null;
  memorizationTaken: number;
  fluentReadingCapacity: number | null;
  fluentReadingTaken: number;
}): { placesLeft: number; memorization: number | null; fluentReading: number | null } {
  const left = (capacity: number | null, taken: number) => (capacity === null ? null : Math.max(0, capacity - taken));
  return {
    placesLeft: Math.max(0, session.capacity - session.taken),
    memorization: left(session.memorizationCapacity, session.memorizationTaken),
    fluentReading: left(session.fluentReadingCapacity, session.fluentReadingTaken),
  };
}
