/**
 * The session a staff route acts on, once the member's center is checked: 404 for no such session,
 * 403 other_center for a volunteer at another center's session (naming that center). The door's
 * list, its sync and counts, and the certificates all ask this one question.
 */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import type { EventSession } from '#src/modules/event-sessions/tables';
import { centerNameIn } from './registration-tickets';
import { findSession } from './ticket-repo';

export async function sessionInScope(
  db: Pick<Database, 'select'>,
  {
    sessionId,
    centerScope,
    site,
  }: {
    sessionId: number;
    /** The member's center when they are limited to one; undefined: every center. */
    centerScope: number | undefined;
    site: Pick<Site, 'centers'>;
  },
): Promise<EventSession & { centerName: string }> {
  const session = await findSession(db, sessionId);
  if (!session)
    throw new AppError('not_found', `There is no session ${sessionId}.`, { fields: { id: 'is not a session' } });
  const centerName = centerNameIn(site, session.centerId);
  if (centerScope !== undefined && centerScope !== session.centerId)
    throw new AppError('other_center', `This session belongs to another center (${centerName}).`);
  return { ...session, centerName };
}
