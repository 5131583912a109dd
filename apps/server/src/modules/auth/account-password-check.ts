/**
 * What a signed-in account shows before a setting that could lock its owner out changes (password,
 * e-mail, deletion): its current password when it has one (checked as a login, password-accounts.ts),
 * so a session left open on a shared computer is not enough to take the account away.
 */
import { AppError } from '#src/errors/app-error';
import type { PasswordAccounts } from './password-accounts';
import type { User } from './user-repo';

const REQUIRED = 'Enter your current password.';

export async function checkCurrentPassword(
  accounts: PasswordAccounts,
  user: User,
  currentPassword: string | undefined,
  ip: string,
): Promise<void> {
  if (user.passwordHash === null) return;
  if (currentPassword === undefined || currentPassword === '') {
    throw new AppError('validation_error', REQUIRED, { fields: { currentPassword: REQUIRED } });
  }
  await accounts.confirmPassword(user, currentPassword, ip);
}
