/**
 * POST {auth}/account/delete (issue 18): the account and its sessions go (hand-off tokens with
 * them); its orders and registrations stay for the foundation's books with user_id NULL (their
 * foreign keys to users are ON DELETE SET NULL), and its links' rows stay unlinked until
 * swept, still counting toward the limits of the address they were mailed to. A password account
 * confirms with its password (checked as a login); a Google-only one types its e-mail.
 */
import { authMessages, type DeleteAccountRequest } from '@store/shared/auth';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { checkCurrentPassword } from './account-password-check';
import type { PasswordAccounts } from './password-accounts';
import { users } from './tables';
import type { User } from './user-repo';

export async function deleteAccount({
  db,
  accounts,
  user,
  input,
  ip,
  beforeDelete,
}: {
  db: Database;
  accounts: PasswordAccounts;
  user: User;
  input: DeleteAccountRequest;
  ip: string;
  /** Issue 22: what must end with the account, run once its deletion is confirmed (its monthly gifts). */
  beforeDelete?: ((userId: string) => Promise<void>) | undefined;
}): Promise<void> {
  if (user.passwordHash !== null) {
    await checkCurrentPassword(accounts, user, input.currentPassword, ip);
  } else if ((input.confirmEmail ?? '').trim().toLowerCase() !== user.email.toLowerCase()) {
    const message = authMessages.deleteConfirmation;
    throw new AppError('validation_error', message, { fields: { confirmEmail: message } });
  }
  await beforeDelete?.(user.id);
  await db.delete(users).where(eq(users.id, user.id));
}
