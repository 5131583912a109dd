/**
 * Locks a session's row until the caller's transaction ends, and reads it: whatever changes the line
 * or its places (an offer, a lapse, staff moving a family) holds this lock, so two of them never
 * decide on the same free places at once.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type EventSession, eventSessions } from '#src/modules/event-sessions/tables';

export async function lockSession(tx: Pick<Database, 'select'>, sessionId: number): Promise<EventSession | undefined> {
  const [row] = await tx.select().from(eventSessions).where(eq(eventSessions.id, sessionId)).for('update');
  return row;
}
