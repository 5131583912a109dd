/**
 * Marking one registrant (PUT) or removing the mark (DELETE), each with its audit line in the same
 * transaction. A registrant whose certificate was queued is not changed (409 certificate_sent): the
 * family holds that certificate. The write itself carries that condition, so a send racing a change
 * leaves the mark the certificate was made from.
 */
import type { CompletionKind } from '@store/shared/certificates';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { type SessionRegistrant, sessionRegistrants } from './session-completions';
import { recitationCompletions } from './tables';

export const certificateSent = (name: string, queuedAt: string) =>
  new AppError(
    'certificate_sent',
    `${name}'s certificate was sent on ${queuedAt.slice(0, 10)}; what was sent cannot be changed.`,
  );

async function registrantOf(db: Database, sessionId: number, registrantId: string): Promise<SessionRegistrant> {
  const found = (await sessionRegistrants(db, sessionId)).find((row) => row.registrantId === registrantId);
  if (!found)
    throw new AppError('not_found', 'No registrant of this session has this id.', {
      fields: { registrantId: 'is not a registrant of this session' },
    });
  return found;
}

export async function markCompletion(
  db: Database,
  {
    sessionId,
    registrantId,
    how,
    actor,
  }: { sessionId: number; registrantId: string; how: CompletionKind; actor: AuditActor },
): Promise<SessionRegistrant> {
  const before = await registrantOf(db, sessionId, registrantId);
  if (before.certificateQueuedAt) throw certificateSent(before.name, before.certificateQueuedAt);
  if (before.how === how) return before;
  await db.transaction(async (tx) => {
    const written = await tx
      .insert(recitationCompletions)
      .values({ registrantId, sessionId, how, markedBy: actor.id })
      .onConflictDoUpdate({
        target: recitationCompletions.registrantId,
        set: { how, sessionId, markedBy: actor.id, markedAt: sql`now()` },
        setWhere: isNull(recitationCompletions.certificateQueuedAt),
      })
      .returning({ id: recitationCompletions.registrantId });
    if (written.length === 0) throw certificateSent(before.name, new Date().toISOString());
    await recordAudit(tx, {
      actor,
      action: 'completion.mark',
      targetType: 'registrant',
      targetId: registrantId,
      before: { how: before.how },
      after: { how, sessionId },
    });
  });
  return { ...before, how };
}

export async function unmarkCompletion(
  db: Database,
  { sessionId, registrantId, actor }: { sessionId: number; registrantId: string; actor: AuditActor },
): Promise<void> {
  const before = await registrantOf(db, sessionId, registrantId);
  if (before.certificateQueuedAt) throw certificateSent(before.name, before.certificateQueuedAt);
  if (before.how === null)
    throw new AppError('not_found', `${before.name} is not marked as having completed the recitation.`);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(recitationCompletions)
      .where(
        and(eq(recitationCompletions.registrantId, registrantId), isNull(recitationCompletions.certificateQueuedAt)),
      )
      .returning({ id: recitationCompletions.registrantId });
    if (removed.length === 0) throw certificateSent(before.name, new Date().toISOString());
    await recordAudit(tx, {
      actor,
      action: 'completion.unmark',
      targetType: 'registrant',
      targetId: registrantId,
      before: { how: before.how },
      after: null,
    });
  });
}
