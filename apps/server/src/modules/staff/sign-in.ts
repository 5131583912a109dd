/**
 * The two steps of a staff sign-in (issue 21): the password (counted against guessing like the
 * report's login, under its own realm), then, for a member with two-factor, a code from the
 * authenticator app or a recovery code (counted per member, from every address: six digits must not
 * be guessable by whoever holds the password; code-step-lock.ts).
 * A member whose role needs two-factor and who has none set up gets a session that can only enrol.
 */
import { type StaffStage, staffMessages, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { adminAccountKey, createLoginLimiter, type LoginLimiter } from '#src/modules/admins/login-limit';
import { verifyLogin } from '#src/modules/admins/passwords';
import { admins } from '#src/modules/admins/tables';
import { clearCodeStepCount, takeCodeStepPlace } from './code-step-lock';
import { recordCodeStepLock } from './code-step-lock-notice';
import { useRecoveryCode } from './recovery-codes';
import type { StaffRow } from './staff-sessions';
import { matchingStep, openTotpKey, type TotpSealKey } from './totp';

export type StaffSignIn = {
  passwordLimiter: LoginLimiter;
  db: Database;
  sealKey: TotpSealKey;
};

export function createStaffSignIn(db: Database, sealKey: TotpSealKey): StaffSignIn {
  return {
    db,
    sealKey,
    passwordLimiter: createLoginLimiter({ db, realm: 'staff' }),
  };
}

export function stageAfterPassword(staff: Pick<StaffRow, 'role' | 'totpEnabledAt'>): StaffStage {
  if (staff.totpEnabledAt) return 'totp';
  return TWO_FACTOR_REQUIRED.includes(staff.role) ? 'enrol' : 'full';
}

const invalidLogin = () => new AppError('unauthorized', staffMessages.invalidLogin);

/** The member these credentials belong to, or the same 401 whatever was wrong (unknown, wrong, disabled). */
export async function checkStaffPassword(
  signIn: StaffSignIn,
  { username, password, ip }: { username: string; password: string; ip: string },
): Promise<StaffRow> {
  const attempt = { ip, username };
  const ticket = await signIn.passwordLimiter.begin(attempt);
  const key = adminAccountKey(username);
  const [staff] = key
    ? await signIn.db
        .select()
        .from(admins)
        .where(eq(sql`lower(${admins.username})`, key))
    : [];
  // Unknown names pay the same argon2 price as wrong passwords (timing tells nothing).
  const ok = await verifyLogin(staff?.passwordHash, password);
  if (!staff || !ok || staff.disabledAt) {
    await ticket.failed();
    throw invalidLogin();
  }
  await ticket.succeeded();
  return staff;
}

/**
 * Passes when the code is the member's current TOTP code (not used before) or one of their unused
 * recovery codes; either is used up by this call. Every attempt is counted before the check: the
 * wrong one that reaches the limit locks the member's code step (audited, the member e-mailed), and
 * from then on every code is refused with 429 (CodeStepLockedError).
 */
export async function checkStaffCode(signIn: StaffSignIn, staff: StaffRow, code: string, ip: string): Promise<void> {
  const place = await takeCodeStepPlace(signIn.db, staff.id);
  if (await codeIsGood(signIn, staff, code)) {
    await clearCodeStepCount(signIn.db, staff.id);
    return;
  }
  if (place.locksNow) {
    await recordCodeStepLock(signIn.db, staff, place.windowStartedAt, {
      id: staff.id,
      name: staff.username,
      clientIp: ip,
    });
  }
  throw new AppError('unauthorized', staffMessages.invalidCode, { fields: { code: staffMessages.invalidCode } });
}

async function codeIsGood(signIn: StaffSignIn, staff: StaffRow, code: string): Promise<boolean> {
  if (!staff.totpSecret || !staff.totpEnabledAt) return false;
  const step = matchingStep(openTotpKey(signIn.sealKey, staff.totpSecret), code, staff.totpLastStep);
  if (step !== undefined) return markStepUsed(signIn.db, staff.id, step);
  return useRecoveryCode(signIn.db, staff.id, code);
}

/** Records the step as used unless a later or equal one already was (two tabs with one code: one wins). */
export async function markStepUsed(db: Pick<Database, 'update'>, staffId: string, step: number): Promise<boolean> {
  const moved = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, staffId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
    .returning({ id: admins.id });
  return moved.length === 1;
}
