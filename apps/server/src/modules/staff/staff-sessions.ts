/**
 * Staff sessions in the database (staff_sessions), so every server process knows every session.
 * As for account sessions (auth/sessions.ts) the cookie holds 32 random bytes and the row's id is
 * their sha256. A staff session is short: 12 hours, not renewed; a half-finished sign-in (a code
 * still owed) lives 10 minutes. Time is the database's.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StaffStage } from '@store/shared/staff';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { admins } from '#src/modules/admins/tables';
import { staffSessions } from './tables';

export const STAFF_SESSION_HOURS = 12;
export const STAFF_HALF_SIGN_IN_MINUTES = 10;

export type StaffRow = typeof admins.$inferSelect;
export type FoundStaffSession = { staff: StaffRow; stage: StaffStage };

export function staffSessionId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function lifetime(stage: StaffStage) {
  return stage === 'full'
    ? sql`now() + ${STAFF_SESSION_HOURS}::int * interval '1 hour'`
    : sql`now() + ${STAFF_HALF_SIGN_IN_MINUTES}::int * interval '1 minute'`;
}

export async function openStaffSession(
  db: Database,
  input: { adminId: string; stage: StaffStage; clientIp: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(staffSessions)
    .values({
      id: staffSessionId(token),
      adminId: input.adminId,
      stage: input.stage,
      clientIp: input.clientIp,
      expiresAt: lifetime(input.stage),
    })
    .returning({ expiresAt: staffSessions.expiresAt });
  if (!row) throw new Error('the staff session was not stored');
  // Expired rows of anyone go on the way: sessions are few, the index on expires_at keeps it cheap.
  await db.delete(staffSessions).where(sql`${staffSessions.expiresAt} <= now()`);
  return { token, expiresAt: row.expiresAt };
}

/** The live session of this token and its member, unless the member was disabled since. */
export async function readStaffSession(db: Database, token: string): Promise<FoundStaffSession | undefined> {
  const [row] = await db
    .select({ staff: admins, stage: staffSessions.stage })
    .from(staffSessions)
    .innerJoin(admins, eq(admins.id, staffSessions.adminId))
    .where(
      and(
        eq(staffSessions.id, staffSessionId(token)),
        sql`${staffSessions.expiresAt} > now()`,
        isNull(admins.disabledAt),
      ),
    );
  return row;
}

/** Moves a session to its next stage with a fresh lifetime (the token stays; the stage is the server's). */
export async function advanceStaffSession(db: Database, token: string, stage: StaffStage): Promise<Date> {
  const [row] = await db
    .update(staffSessions)
    .set({ stage, expiresAt: lifetime(stage) })
    .where(and(eq(staffSessions.id, staffSessionId(token)), sql`${staffSessions.expiresAt} > now()`))
    .returning({ expiresAt: staffSessions.expiresAt });
  if (!row) throw new Error('the staff session ended while it was being advanced');
  return row.expiresAt;
}

export async function closeStaffSession(db: Database, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, staffSessionId(token)));
}

/** Ends every session of a member (disabled, role or password changed, two-factor reset). */
export async function closeStaffSessionsOf(db: Database, adminId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.adminId, adminId));
}
