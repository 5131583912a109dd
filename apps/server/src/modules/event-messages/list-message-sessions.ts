/** The sessions a member may write to, soonest first: every center's, or a volunteer's own. */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { eventSessions } from '#src/modules/event-sessions/tables';
import { type CenterNameOf, sessionLabel } from './audience-label';

export async function listMessageSessions(
  db: Pick<Database, 'select'>,
  scope: number | undefined,
  centerNameOf: CenterNameOf,
): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({
      id: eventSessions.id,
      centerId: eventSessions.centerId,
      hall: eventSessions.hall,
      startsAt: eventSessions.startsAt,
      timeZone: eventSessions.timeZone,
    })
    .from(eventSessions)
    .where(scope === undefined ? undefined : eq(eventSessions.centerId, scope))
    .orderBy(asc(eventSessions.startsAt), asc(eventSessions.id));
  return Promise.all(
    rows.map(async (row) => ({ id: row.id, label: sessionLabel(row, await centerNameOf(row.centerId)) })),
  );
}
