/**
 * Recovery codes for a lost phone: ten per enrolment, shown once, each good for one sign-in. Stored
 * as sha256 (they are random, 50 bits each: no slow hash needed). A new enrolment replaces them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { staffRecoveryCodes } from './tables';

export const RECOVERY_CODE_COUNT = 10;
const SHAPE = /^[a-z2-7]{5}-?[a-z2-7]{5}$/;

type Executor = Pick<Database, 'insert' | 'delete' | 'update'>;

function hashOf(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace('-', '')).digest('hex');
}

/** 'abcde-fghij': 10 base32 letters, easy to read and type. */
function newCode(): string {
  const text = encodeBase32LowerCaseNoPadding(randomBytes(7)).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export function looksLikeRecoveryCode(code: string): boolean {
  return SHAPE.test(code.toLowerCase());
}

/** Replaces the member's codes with ten new ones, returned once, in the caller's transaction. */
export async function replaceRecoveryCodes(db: Executor, adminId: string): Promise<string[]> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, adminId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.insert(staffRecoveryCodes).values(codes.map((code) => ({ codeHash: hashOf(code), adminId })));
  return codes;
}

/** Uses the code up if it is one of the member's unused ones (one statement: two tabs cannot both use it). */
export async function useRecoveryCode(db: Executor, adminId: string, code: string): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(staffRecoveryCodes.codeHash, hashOf(code)),
        eq(staffRecoveryCodes.adminId, adminId),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ codeHash: staffRecoveryCodes.codeHash });
  return used.length === 1;
}

export async function clearRecoveryCodes(db: Executor, adminId: string): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.adminId, adminId));
}
