/**
 * POST {auth}/password/change (issue 18): a signed-in account sets a new password. The current one
 * is checked when the account has one (a Google-only account adds its first password this way); the
 * new one meets the sign-up rules. Every OTHER session ends, and the account's outstanding reset and
 * e-mail-change links are spent: whoever had the old password, a session, or a link asked for from
 * one, is out, while this browser stays signed in.
 */
import type { ChangePasswordRequest } from '@store/shared/auth';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { hashPassword } from '#src/modules/admins/passwords';
import { ACCESS_PURPOSES, revokeLinks } from './account-links';
import { checkCurrentPassword } from './account-password-check';
import { endSessions } from './account-session-ends';
import { assertStrongPassword } from './new-password';
import type { PasswordAccounts } from './password-accounts';
import { users } from './tables';
import type { User } from './user-repo';

export async function changePassword({
  db,
  accounts,
  user,
  sessionToken,
  input,
  ip,
}: {
  db: Database;
  accounts: PasswordAccounts;
  user: User;
  /** The session that asked: it stays. */
  sessionToken: string;
  input: ChangePasswordRequest;
  ip: string;
}): Promise<User> {
  assertStrongPassword(input.newPassword, 'newPassword');
  await checkCurrentPassword(accounts, user, input.currentPassword, ip);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
    await endSessions(tx, user.id, { except: sessionToken });
    await revokeLinks(tx, user.id, ACCESS_PURPOSES);
    return updated ?? user;
  });
}
