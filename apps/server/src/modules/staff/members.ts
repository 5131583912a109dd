/**
 * The staff list an owner manages (issue 21): add a member with a role (and a volunteer's center),
 * change a role or center, disable or enable, set a password, reset two-factor. Every change is
 * audited in its transaction and ends the member's sessions, so a narrowed role takes effect on
 * their next request. The last active owner cannot be demoted or disabled: someone must manage staff.
 */
import type { StaffMember } from '@store/shared/staff';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { checkNewPassword, createAdmin } from '#src/modules/admins/admin-repo';
import { hashPassword } from '#src/modules/admins/passwords';
import { admins, type StaffRole } from '#src/modules/admins/tables';
import { type AuditActor, recordAudit } from './audit';
import { clearTotp } from './enrolment';
import { closeStaffSessionsOf } from './staff-sessions';

type Row = typeof admins.$inferSelect;

export function toStaffMember(row: Row): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    centerId: row.centerId,
    totpEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a member: never the hash or the secret. */
function auditView(member: StaffMember) {
  const { id: _id, createdAt: _createdAt, ...rest } = member;
  return rest;
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(admins)
    .orderBy(asc(sql`lower(${admins.username})`));
  return rows.map(toStaffMember);
}

export type CenterCheck = (centerId: number) => boolean;

function checkCenter(role: StaffRole, centerId: number | null | undefined, isCenter: CenterCheck): number | null {
  if (role !== 'volunteer') return null;
  if (centerId === undefined || centerId === null || !isCenter(centerId)) {
    throw new AppError('validation_error', 'centerId: a volunteer needs one of the centers', {
      fields: { centerId: 'Choose the volunteer’s center' },
    });
  }
  return centerId;
}

export async function addStaffMember(
  db: Database,
  input: { username: string; password: string; role: StaffRole; centerId?: number | null | undefined },
  { actor, isCenter }: { actor: AuditActor; isCenter: CenterCheck },
): Promise<StaffMember> {
  const centerId = checkCenter(input.role, input.centerId, isCenter);
  return db.transaction(async (tx) => {
    const created = await createAdmin(tx, {
      username: input.username,
      password: input.password,
      role: input.role,
      centerId,
    });
    const [row] = await tx.select().from(admins).where(eq(admins.id, created.id));
    if (!row) throw new Error('the new member was not stored');
    const member = toStaffMember(row);
    await recordAudit(tx, {
      actor,
      action: 'staff.create',
      targetType: 'staff',
      targetId: member.id,
      after: auditView(member),
    });
    return member;
  });
}

export type StaffChange = {
  role?: StaffRole | undefined;
  centerId?: number | null | undefined;
  disabled?: boolean | undefined;
  password?: string | undefined;
  resetTotp?: true | undefined;
};

export async function changeStaffMember(
  db: Database,
  id: string,
  change: StaffChange,
  { actor, isCenter }: { actor: AuditActor; isCenter: CenterCheck },
): Promise<StaffMember> {
  if (change.password !== undefined) checkNewPassword(change.password);
  const passwordHash = change.password === undefined ? undefined : await hashPassword(change.password);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(admins).where(eq(admins.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'There is no such staff member.', { fields: { id: 'Unknown member' } });
    const before = toStaffMember(row);
    const role = change.role ?? row.role;
    const centerId = checkCenter(role, change.centerId === undefined ? row.centerId : change.centerId, isCenter);
    const disabledAt =
      change.disabled === undefined ? row.disabledAt : change.disabled ? (row.disabledAt ?? new Date()) : null;
    const stillOwner = role === 'owner' && disabledAt === null;
    if (row.role === 'owner' && row.disabledAt === null && !stillOwner) await keepAnOwner(tx, id);
    await tx
      .update(admins)
      .set({ role, centerId, disabledAt, updatedAt: sql`now()`, ...(passwordHash ? { passwordHash } : {}) })
      .where(eq(admins.id, id));
    if (change.resetTotp) await clearTotp(tx, id);
    const [updated] = await tx.select().from(admins).where(eq(admins.id, id));
    if (!updated) throw new Error('the member disappeared while being changed');
    const after = toStaffMember(updated);
    await closeStaffSessionsOf(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'staff.update',
      targetType: 'staff',
      targetId: id,
      before: { ...auditView(before) },
      after: { ...auditView(after), ...(passwordHash ? { password: 'changed' } : {}) },
    });
    return after;
  });
}

/** Refuses (409) when no other active owner would be left. Owner rows are locked, so two demotions cannot both pass. */
async function keepAnOwner(tx: Pick<Database, 'select'>, leaving: string): Promise<void> {
  const others = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.role, 'owner'), isNull(admins.disabledAt), ne(admins.id, leaving)))
    .for('update');
  if (others.length === 0) {
    throw new AppError('conflict', 'This is the last active owner: make someone else an owner first.', {
      fields: { role: 'The last active owner stays an owner' },
    });
  }
}
