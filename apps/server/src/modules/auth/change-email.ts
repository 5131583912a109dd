/**
 * POST {auth}/email/change (issue 18): a signed-in account asks to move to another address. Nothing
 * changes until the link mailed to the NEW address is followed (email-verification.ts), so nobody
 * can point an account at an address they do not read. The current password is checked when the
 * account has one; an address with an account is 409 (counted against the client address like a
 * sign-up's 409, so it is no faster way to find accounts); links are limited (link-limits.ts, 3 an
 * hour per account or new address, then 429 with Retry-After).
 */
import { authMessages, type ChangeEmailRequest } from '@store/shared/auth';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import { issueLink } from './account-links';
import { checkCurrentPassword } from './account-password-check';
import type { LinkRequest } from './email-verification';
import { linkLimitWait } from './link-limits';
import type { PasswordAccounts } from './password-accounts';
import { findUserByEmail, type User } from './user-repo';

const SAME_ADDRESS = 'This is already the e-mail address of your account.';

export async function requestEmailChange({
  db,
  accounts,
  user,
  input,
  link,
}: {
  db: Database;
  accounts: PasswordAccounts;
  user: User;
  input: ChangeEmailRequest;
  link: LinkRequest & { clientIp: string };
}): Promise<void> {
  const { newEmail } = input;
  if (newEmail.toLowerCase() === user.email.toLowerCase()) {
    throw new AppError('validation_error', SAME_ADDRESS, { fields: { newEmail: SAME_ADDRESS } });
  }
  await checkCurrentPassword(accounts, user, input.currentPassword, link.clientIp);
  await accounts.checkProbe(link.clientIp);
  if (await findUserByEmail(db, newEmail)) {
    await accounts.recordProbe(link.clientIp);
    const message = authMessages.emailTakenReason;
    throw new AppError('email_taken', message, { fields: { newEmail: message } });
  }
  await db.transaction(async (tx) => {
    const wait = await linkLimitWait(tx, { purpose: 'change-email', userId: user.id, email: newEmail });
    if (wait > 0) throw new TooManyLoginsError(wait, 'e-mail changes');
    await issueLink(tx, { userId: user.id, purpose: 'change-email', email: newEmail, ...link });
  });
}
