/**
 * Report keys as the back office manages them: a member makes keys for themselves, sees each once,
 * lists and revokes them; an owner lists and revokes anyone's. Every creation, revocation and the
 * first use of a key each day (UTC) writes an audit line in the same transaction as the change.
 * A use is audited once a day rather than per request: the report sends the key with every page and
 * export, and a line per page would bury the log; last_used_at keeps the latest use to the minute.
 */

import type { ReportKey } from '@store/shared/report-keys';
import { staffCan } from '@store/shared/staff';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import {
  findReportKey,
  generateReportKey,
  insertReportKey,
  listReportKeys,
  markReportKeyRevoked,
  type ReportKeyRow,
  touchReportKey,
} from '#src/modules/admins/report-key-repo';
import type { ReportKeyUse } from '#src/modules/admins/require-admin';
import { type AuditActor, recordAudit } from './audit';
import type { StaffIdentity } from './require-staff';

const TARGET = 'report-key';

function toReportKey(row: ReportKeyRow): ReportKey {
  return {
    id: row.id,
    label: row.label,
    username: row.username,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** An owner manages every member's keys; anyone else only their own. */
const seesEveryKey = (staff: StaffIdentity) => staffCan(staff.role, 'manageStaff');

export async function createOwnReportKey(
  db: Database,
  staff: StaffIdentity,
  label: string,
  actor: AuditActor,
): Promise<{ key: ReportKey; secret: string }> {
  const secret = generateReportKey();
  const row = await db.transaction(async (tx) => {
    const inserted = await insertReportKey(tx, { adminId: staff.id, label, key: secret });
    // 256 random bits colliding with a stored key: not going to happen; refuse rather than return a dead key.
    if (!inserted) throw new Error('a new report key collided with a stored one');
    await recordAudit(tx, {
      actor,
      action: 'report-key.create',
      targetType: TARGET,
      targetId: inserted.id,
      after: { label, member: staff.username },
    });
    return inserted;
  });
  return { key: toReportKey(row), secret };
}

export async function listVisibleReportKeys(db: Database, staff: StaffIdentity): Promise<ReportKey[]> {
  const rows = await listReportKeys(db, seesEveryKey(staff) ? undefined : staff.id);
  return rows.map(toReportKey);
}

/** 404 for a key the member may not see, as for one that does not exist. Revoking twice changes nothing. */
export async function revokeReportKey(
  db: Database,
  staff: StaffIdentity,
  id: string,
  actor: AuditActor,
): Promise<ReportKey> {
  const row = await db.transaction(async (tx) => {
    const found = await findReportKey(tx, id);
    if (!found || (found.adminId !== staff.id && !seesEveryKey(staff))) {
      throw new AppError('not_found', 'There is no such report key.');
    }
    const revoked = await markReportKeyRevoked(tx, id);
    if (revoked) {
      await recordAudit(tx, {
        actor,
        action: 'report-key.revoke',
        targetType: TARGET,
        targetId: id,
        before: { label: found.label, member: found.username },
      });
    }
    return findReportKey(tx, id);
  });
  if (!row) throw new AppError('not_found', 'There is no such report key.');
  return toReportKey(row);
}

function startOfUtcDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

/** The admin guard's hook (require-admin.ts) after a key let its member read the report. */
export function createReportKeyUseRecorder(db: Database) {
  return async (request: FastifyRequest, use: ReportKeyUse): Promise<void> => {
    const firstToday = use.lastUsedAt === null || use.lastUsedAt.getTime() < startOfUtcDay(new Date());
    await db.transaction(async (tx) => {
      // Only the request that moved last_used_at writes the line: parallel first requests write one.
      const wrote = await touchReportKey(tx, use.keyId);
      if (!wrote || !firstToday) return;
      await recordAudit(tx, {
        actor: { id: use.adminId, name: use.username, clientIp: request.ip },
        action: 'report-key.use',
        targetType: TARGET,
        targetId: use.keyId,
        after: { route: request.routeOptions.url ?? null },
      });
    });
  };
}
