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
import { codeStepLockedUntil, resetCodeStep } from './code-step-lock';
import { clearTotp } from './enrolment';
import { closeStaffSessionsOf } from './staff-sessions';
import { staffCodeGuesses } from './tables';

type Row = typeof admins.$inferSelect;
type MemberRow = { row: Row; lockedUntil: Date | string | null };

export function toStaffMember({ row, lockedUntil }: MemberRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    centerId: row.centerId,
    totpEnabled: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    codeStepLockedUntil: lockedUntil === null ? null : new Date(lockedUntil).toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Members with their code step's lock (the database's clock decides whether it still holds). */
function selectMembers(db: Pick<Database, 'select'>) {
  return db
    .select({ row: admins, lockedUntil: codeStepLockedUntil })
    .from(admins)
    .leftJoin(staffCodeGuesses, eq(staffCodeGuesses.adminId, admins.id));
}

async function memberById(db: Pick<Database, 'select'>, id: string): Promise<StaffMember> {
  const [found] = await selectMembers(db).where(eq(admins.id, id));
  if (!found) throw new AppError('not_found', 'There is no such staff member.', { fields: { id: 'Unknown member' } });
  return toStaffMember(found);
}

/** What the audit log keeps of a member: never the hash or the secret. */
function auditView(member: StaffMember) {
  // The lock's end is the code step's state, not the member's: its own audit lines record it.
  const { id: _id, createdAt: _createdAt, codeStepLockedUntil: _lockedUntil, ...rest } = member;
  return rest;
}

export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await selectMembers(db).orderBy(asc(sql`lower(${admins.username})`));
  return rows.map(toStaffMember);
}

export type CenterCheck = (centerId: number) => Promise<boolean>;

async function checkCenter(
  role: StaffRole,
  centerId: number | null | undefined,
  isCenter: CenterCheck,
): Promise<number | null> {
  if (role !== 'volunteer') return null;
  if (centerId === undefined || centerId === null || !(await isCenter(centerId))) {
    throw new AppError('validation_error', 'centerId: a volunteer needs one of the centers', {
      fields: { centerId: 'Choose the volunteer’s center' },
    });
  }
  return centerId;
}

export async function addStaffMember(
  db: Database,
  input: {
    username: string;
    password: string;
    role: StaffRole;
    centerId?: number | null | undefined;
    email?: string | null | undefined;
  },
  { actor, isCenter }: { actor: AuditActor; isCenter: CenterCheck },
): Promise<StaffMember> {
  const centerId = await checkCenter(input.role, input.centerId, isCenter);
  return db.transaction(async (tx) => {
    const created = await createAdmin(tx, {
      username: input.username,
      password: input.password,
      role: input.role,
      centerId,
    });
    if (input.email) await tx.update(admins).set({ email: input.email }).where(eq(admins.id, created.id));
    const member = await memberById(tx, created.id);
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
  email?: string | null | undefined;
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
    const before = await memberById(tx, id);
    const role = change.role ?? row.role;
    const centerId = await checkCenter(role, change.centerId === undefined ? row.centerId : change.centerId, isCenter);
    const disabledAt =
      change.disabled === undefined ? row.disabledAt : change.disabled ? (row.disabledAt ?? new Date()) : null;
    const stillOwner = role === 'owner' && disabledAt === null;
    if (row.role === 'owner' && row.disabledAt === null && !stillOwner) await keepAnOwner(tx, id);
    await tx
      .update(admins)
      .set({
        role,
        centerId,
        disabledAt,
        updatedAt: sql`now()`,
        ...(passwordHash ? { passwordHash } : {}),
        ...(change.email === undefined ? {} : { email: change.email }),
      })
      .where(eq(admins.id, id));
    if (change.resetTotp) await clearTotp(tx, id);
    const after = await memberById(tx, id);
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

/**
 * An owner's unlock of a member's code step (code-step-lock.ts): the member, after a word with the
 * owner, need not wait out the window. The count starts again; whoever guessed still has ten tries
 * before it locks again, and the member was told to change the password. Sessions stay: an unlock
 * changes nothing the member may do.
 */
export async function unlockStaffCodeStep(db: Database, id: string, actor: AuditActor): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, id)).for('update');
    if (!row) throw new AppError('not_found', 'There is no such staff member.', { fields: { id: 'Unknown member' } });
    const wasLocked = await resetCodeStep(tx, id);
    await recordAudit(tx, {
      actor,
      action: 'staff.code-step.unlock',
      targetType: 'staff',
      targetId: id,
      before: { codeStepLocked: wasLocked },
      after: { codeStepLocked: false },
    });
    return memberById(tx, id);
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
