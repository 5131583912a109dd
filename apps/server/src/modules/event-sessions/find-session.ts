/** One session's row, as a registration or a change reads it in its transaction. */
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type EventSession, eventSessions } from './tables';

/** The largest id an `integer` column holds: a larger one names no session (rather than a database error). */
const MAX_ID = 2_147_483_647;

export async function findSession(db: Pick<Database, 'select'>, sessionId: number): Promise<EventSession | null> {
  if (!Number.isSafeInteger(sessionId) || sessionId < 1 || sessionId > MAX_ID) return null;
  const [row] = await db.select().from(eventSessions).where(eq(eventSessions.id, sessionId));
  return row ?? null;
}

/** Open to new registrations: not archived and not yet started. */
export function isOpenSession(session: Pick<EventSession, 'archived' | 'startsAt'>, now: Date): boolean {
  return !session.archived && session.startsAt.getTime() > now.getTime();
}
