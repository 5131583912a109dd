/**
 * The session a door works at, if this staff member may work there: 404 for no such session,
 * 403 other_center for a volunteer at another center's (the same rule as the check-in list).
 */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import type { EventSession } from '#src/modules/event-sessions/tables';
import { centerNameIn } from '#src/modules/tickets/registration-tickets';
import { findSession } from '#src/modules/tickets/ticket-repo';

export async function doorSession(
  db: Pick<Database, 'select'>,
  { sessionId, centerScope, site }: { sessionId: number; centerScope: number | undefined; site: Pick<Site, 'centers'> },
): Promise<EventSession> {
  const session = await findSession(db, sessionId);
  if (!session) throw new AppError('not_found', `There is no session ${sessionId}.`);
  if (centerScope !== undefined && centerScope !== session.centerId)
    throw new AppError(
      'other_center',
      `This session belongs to another center (${centerNameIn(site, session.centerId)}).`,
    );
  return session;
}
