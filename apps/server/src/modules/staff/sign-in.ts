/**
 * The two steps of a staff sign-in (issue 21): the password (counted against guessing like the
 * report's login, under its own realm), then, for a member with two-factor, a code from the
 * authenticator app or a recovery code (counted per member: six digits must not be guessable).
 * A member whose role needs two-factor and who has none set up gets a session that can only enrol.
 */
import { type StaffStage, staffMessages, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import {
  adminAccountKey,
  createLoginLimiter,
  type LoginLimiter,
  type LoginLimits,
} from '#src/modules/admins/login-limit';
import { verifyLogin } from '#src/modules/admins/passwords';
import { admins } from '#src/modules/admins/tables';
import { useRecoveryCode } from './recovery-codes';
import type { StaffRow } from './staff-sessions';
import { matchingStep, openTotpKey, type TotpSealKey } from './totp';

/** Codes: five wrong ones from an address, or ten from anywhere, in 15 minutes stop the member's code step. */
export const STAFF_CODE_LIMITS: LoginLimits = {
  perAccountAndAddress: 5,
  perUsername: 10,
  perAccountAndAddressUnderAttack: 3,
  perAddress: 20,
  windowSeconds: 15 * 60,
  underAttackSpacingMs: 1_000,
};

export type StaffSignIn = {
  passwordLimiter: LoginLimiter;
  codeLimiter: LoginLimiter;
  db: Database;
  sealKey: TotpSealKey;
};

export function createStaffSignIn(db: Database, sealKey: TotpSealKey): StaffSignIn {
  return {
    db,
    sealKey,
    passwordLimiter: createLoginLimiter({ db, realm: 'staff' }),
    // Keyed by the member's id: the code step has no username to type.
    codeLimiter: createLoginLimiter({ db, realm: 'staff-code', limits: STAFF_CODE_LIMITS, accountKey: (id) => id }),
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
 * True when the code is the member's current TOTP code (not used before) or one of their unused
 * recovery codes; either is used up by this call. Counted: too many wrong codes answer 429.
 */
export async function checkStaffCode(signIn: StaffSignIn, staff: StaffRow, code: string, ip: string): Promise<void> {
  const attempt = { ip, username: staff.id };
  const ticket = await signIn.codeLimiter.begin(attempt);
  if (await codeIsGood(signIn, staff, code)) {
    await ticket.succeeded();
    return;
  }
  await ticket.failed();
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
