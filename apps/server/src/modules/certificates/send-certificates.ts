/**
 * "Send certificates": one outbox message per marked registrant of the session whose certificate was
 * not queued yet, in one transaction with its audit line. The update claims the rows (a second press
 * racing this one waits on them and then finds none left), and the outbox's one message per kind and
 * subject would keep a registrant to one e-mail even if two claimed the same row.
 */
import type { CertificateSendResult } from '@store/shared/certificates';
import { and, count, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { queueMails } from '#src/modules/mail/outbox';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import { CERTIFICATE_KIND } from './certificate-kind';
import { recitationCompletions } from './tables';

export async function sendCertificates(
  db: Database,
  { sessionId, actor }: { sessionId: number; actor: AuditActor },
): Promise<CertificateSendResult> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(recitationCompletions)
      .set({ certificateQueuedAt: sql`now()` })
      .where(and(eq(recitationCompletions.sessionId, sessionId), isNull(recitationCompletions.certificateQueuedAt)))
      .returning({ registrantId: recitationCompletions.registrantId });
    const ids = claimed.map((row) => row.registrantId);
    const queued = await queueMails(
      tx,
      ids.map((subjectId) => ({ kind: CERTIFICATE_KIND, subjectId })),
    );
    const [sentBefore] = await tx
      .select({ n: count() })
      .from(recitationCompletions)
      .where(
        and(
          eq(recitationCompletions.sessionId, sessionId),
          isNotNull(recitationCompletions.certificateQueuedAt),
          ids.length > 0 ? notInArray(recitationCompletions.registrantId, ids) : undefined,
        ),
      );
    const result = { queued, alreadySent: Number(sentBefore?.n ?? 0) + (ids.length - queued) };
    await recordAudit(tx, {
      actor,
      action: 'certificates.send',
      targetType: 'session',
      targetId: String(sessionId),
      after: result,
    });
    return result;
  });
}
