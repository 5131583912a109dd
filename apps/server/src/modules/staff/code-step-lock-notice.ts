/**
 * What happens once when a member's code step locks (code-step-lock.ts): one audit line and one
 * e-mail to the member (when an owner gave them an address). Both are keyed by the lock's window,
 * `<member id>:<window start in ms>`: the outbox queues one message per kind and subject, so two
 * processes reaching the lock together queue one message, and the audit line is written by the
 * request that queued it (or, with no address to write to, by the one attempt that reached the
 * limit, which only one can).
 */
import type { Database } from '#src/db/client';
import { queueMail } from '#src/modules/mail/outbox';
import { type AuditActor, recordAudit } from './audit';
import { CODE_STEP_LIMIT, CODE_STEP_WINDOW_SECONDS } from './code-step-lock';

export const CODE_STEP_LOCKED_KIND = 'staff-code-step-locked';

/** The mail's subject id: the member and the window the lock belongs to. */
export function codeStepLockSubject(adminId: string, windowStartedAt: Date): string {
  return `${adminId}:${windowStartedAt.getTime()}`;
}

/** The member an alert's subject names, or undefined when the text is not one of ours. */
export function lockedMemberId(subjectId: string): string | undefined {
  return /^([0-9a-f-]{36}):\d+$/i.exec(subjectId)?.[1];
}

export async function recordCodeStepLock(
  db: Database,
  member: { id: string; email: string | null },
  windowStartedAt: Date,
  actor: AuditActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const queued =
      member.email === null
        ? true
        : await queueMail(tx, {
            kind: CODE_STEP_LOCKED_KIND,
            subjectId: codeStepLockSubject(member.id, windowStartedAt),
          });
    if (!queued) return;
    await recordAudit(tx, {
      actor,
      action: 'staff.code-step.lock',
      targetType: 'staff',
      targetId: member.id,
      after: {
        wrongCodes: CODE_STEP_LIMIT,
        lockedUntil: new Date(windowStartedAt.getTime() + CODE_STEP_WINDOW_SECONDS * 1000).toISOString(),
        emailed: member.email !== null,
      },
    });
  });
}
