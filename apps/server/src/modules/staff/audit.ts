/**
 * The audit log's one writer (issue 21). Call it in the SAME transaction as the change it records,
 * so a change is never without its line and a line never without its change:
 *
 *   await db.transaction(async (tx) => {
 *     ...the change...
 *     await recordAudit(tx, { actor: auditActor(request), action: 'refund.create', targetType: 'order',
 *       targetId: order.id, before: { refundedCents: 0 }, after: { refundedCents: 2500 } });
 *   });
 *
 * `before` and `after` hold what changed, never a secret (no password hash, no TOTP secret).
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client';
import { staffOf } from './require-staff';
import { auditLog } from './tables';

export type AuditActor = { id: string | null; name: string; clientIp: string | null };

export type AuditEntry = {
  actor: AuditActor;
  /** 'noun.verb': 'staff.create', 'refund.create', 'offline-gift.create', 'catalogue.item.update'… */
  action: string;
  targetType: string;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
};

type Writer = Pick<Database, 'insert'>;

export function auditActor(request: FastifyRequest): AuditActor {
  const staff = staffOf(request);
  return { id: staff.id, name: staff.username, clientIp: request.ip };
}

/** The operator's command line (npm run admin): no member, no address. */
export const CLI_ACTOR: AuditActor = { id: null, name: 'cli', clientIp: null };

export async function recordAudit(db: Writer, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actor.id,
    actorName: entry.actor.name,
    clientIp: entry.actor.clientIp,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
