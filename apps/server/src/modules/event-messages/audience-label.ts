/**
 * An audience checked against who asks, in words. A volunteer may write only to a session of their
 * own center (its registrants or its waiting list); owners and editors to any audience. A session
 * that does not exist is the client's mistake, named by field.
 */
import { AUDIENCE_LABELS, eventMessageTexts, type MessageAudience } from '@store/shared/event-messages';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { eventSessions } from '#src/modules/event-sessions/tables';
import type { StaffIdentity } from '#src/modules/staff/require-staff';

export type CenterNameOf = (centerId: number) => Promise<string | undefined>;

/** The center a member may write to: a volunteer's own (none when unset), else every center. */
export function messageScopeOf(staff: Pick<StaffIdentity, 'role' | 'centerId'>): number | undefined {
  return staff.role === 'volunteer' ? (staff.centerId ?? -1) : undefined;
}

export function sessionLabel(
  session: { hall: string; startsAt: Date; timeZone: string },
  centerName: string | undefined,
): string {
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone: session.timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(session.startsAt);
  return `${centerName ?? 'Center'}, ${session.hall} (${when})`;
}

/** The audience's label; refuses one the member may not write to, or a session that does not exist. */
export async function checkAudience(
  db: Pick<Database, 'select'>,
  audience: MessageAudience,
  staff: Pick<StaffIdentity, 'role' | 'centerId'>,
  centerNameOf: CenterNameOf,
): Promise<string> {
  const scope = messageScopeOf(staff);
  const sessionId = audience.kind === 'session' || audience.kind === 'waiting-list' ? audience.sessionId : undefined;
  if (sessionId === undefined) {
    if (scope !== undefined) throw new AppError('other_center', eventMessageTexts.otherCenter);
    return audience.kind === 'category' ? `Category: ${audience.category}` : AUDIENCE_LABELS[audience.kind];
  }
  const [session] = await db
    .select({
      centerId: eventSessions.centerId,
      hall: eventSessions.hall,
      startsAt: eventSessions.startsAt,
      timeZone: eventSessions.timeZone,
    })
    .from(eventSessions)
    .where(eq(eventSessions.id, sessionId));
  if (!session) {
    throw new AppError('validation_error', 'There is no such session.', {
      fields: { 'audience.sessionId': 'is not a session' },
    });
  }
  if (scope !== undefined && session.centerId !== scope) {
    throw new AppError('other_center', eventMessageTexts.otherCenter);
  }
  const label = sessionLabel(session, await centerNameOf(session.centerId));
  return audience.kind === 'session' ? `Session: ${label}` : `Waiting list: ${label}`;
}
