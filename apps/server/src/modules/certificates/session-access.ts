/**
 * The session a certificates route acts on, after the member's center is checked: a volunteer works
 * on their own center's sessions only (403 other_center), as at the door.
 */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import type { EventSession } from '#src/modules/event-sessions/tables';
import type { StaffIdentity } from '#src/modules/staff/require-staff';
import { centerNameIn } from '#src/modules/tickets/registration-tickets';
import { findSession } from '#src/modules/tickets/ticket-repo';

/**
 * The center a member is limited to: a volunteer works at one center; owners and editors (who run
 * the event) see every center's sessions. Undefined: every center.
 */
export function certifyingScopeOf(staff: StaffIdentity): number | undefined {
  return staff.role === 'volunteer' ? (staff.centerId ?? -1) : undefined;
}

export async function sessionAccess(
  db: Pick<Database, 'select'>,
  { sessionId, centerScope, site }: { sessionId: number; centerScope: number | undefined; site: Pick<Site, 'centers'> },
): Promise<EventSession & { centerName: string }> {
  const session = await findSession(db, sessionId);
  if (!session)
    throw new AppError('not_found', `There is no session ${sessionId}.`, { fields: { id: 'is not a session' } });
  const centerName = centerNameIn(site, session.centerId);
  if (centerScope !== undefined && centerScope !== session.centerId)
    throw new AppError('other_center', `This session belongs to another center (${centerName}).`);
  return { ...session, centerName };
}
