/**
 * Ending an account's sessions inside a transaction that changes how it signs in (a reset, a
 * password change), so the new password and the end of the old sessions commit together: there is
 * no moment when the password has changed and a session opened with the old one still works.
 * Hand-off tokens go with their sessions (ON DELETE CASCADE).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { sessionId } from './sessions';
import { authSessions } from './tables';

export async function endSessions(
  tx: Pick<Database, 'delete'>,
  userId: string,
  { except }: { except?: string | undefined } = {},
): Promise<void> {
  const ofUser = eq(authSessions.userId, userId);
  await tx
    .delete(authSessions)
    .where(except === undefined ? ofUser : and(ofUser, ne(authSessions.id, sessionId(except))));
}
