/**
 * Registering and logging in with an e-mail and a password (argon2id, admins/passwords.ts).
 *
 * - Failed logins are limited like the report's (admins/login-limit.ts, realm 'account'): per
 *   client address and per e-mail, 429 with Retry-After before any password is checked.
 * - Every refused login is the same 401 'E-mail or password is incorrect.', and costs the same
 *   argon2 check whether the account exists, has no password (Google only) or the password is
 *   wrong: neither the answer nor its timing says which e-mails have accounts.
 * - A taken e-mail must be said at registration (409, so the visitor logs in instead), but nothing
 *   more: not how the account signs in. Each such answer counts as a failure of the client address
 *   (never of the e-mail, which would lock its owner out), so probing for accounts meets the same
 *   limit as guessing passwords. The password is hashed first either way, so timing does not tell.
 */
import { authMessages, type LoginRequest, type RegisterRequest } from '@store/shared/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { createLoginLimiter, TooManyLoginsError } from '#src/modules/admins/login-limit';
import { hashPassword, verifyLogin, warmUpDummyHash } from '#src/modules/admins/passwords';
import { findUserByEmail, insertUser, type User } from './user-repo';

export const ACCOUNT_LOGIN_REALM = 'account';

/** Failures of one e-mail count together whatever its case; the routes' schema validated it. */
export function accountEmailKey(email: string): string | undefined {
  const key = email.trim().toLowerCase();
  return key.includes('@') && key.length <= 254 ? key : undefined;
}

export type PasswordAccounts = {
  /** The new account; AppError email_taken (409) when the e-mail has one in any case. */
  register(input: RegisterRequest, ip: string): Promise<User>;
  /** The account; AppError unauthorized (401) or TooManyLoginsError (429). */
  logIn(input: LoginRequest, ip: string): Promise<User>;
};

export type PasswordAccountsOptions = {
  db: Database;
  /** For work off the request path (clean-up, warm-up). */
  logger: FastifyBaseLogger;
};

export function createPasswordAccounts({ db, logger }: PasswordAccountsOptions): PasswordAccounts {
  // The report's limits (REPORT_LOGIN_LIMITS), counted apart from the report's logins.
  const limiter = createLoginLimiter({ db, realm: ACCOUNT_LOGIN_REALM, accountKey: accountEmailKey, logger });
  warmUpDummyHash().catch((error: unknown) => logger.warn({ err: error }, 'could not prepare the dummy hash'));

  return {
    async register({ name, email, password }, ip) {
      // No e-mail in the attempt: only the address's count applies.
      const attempt = { ip, username: '' };
      try {
        await limiter.check(attempt);
      } catch (error) {
        if (error instanceof TooManyLoginsError) throw new TooManyLoginsError(error.retryAfterSeconds, 'attempts');
        throw error;
      }
      const user = await insertUser(db, { name, email, passwordHash: await hashPassword(password) });
      if (user) return user;
      await limiter.recordFailure(attempt);
      throw new AppError('email_taken', authMessages.emailTaken, { fields: { email: authMessages.emailTaken } });
    },

    async logIn({ email, password }, ip) {
      const attempt = { ip, username: email };
      // A place is taken before the password is checked, so guesses sent all at once meet the
      // limit too (the report's guard does the same; RELIABILITY.md).
      const ticket = await limiter.begin(attempt);
      const user = await findUserByEmail(db, email);
      // No user, or a Google-only one: the dummy hash, in the same time, always false.
      const ok = await verifyLogin(user?.passwordHash ?? undefined, password);
      if (!user || !ok) {
        await ticket.failed();
        throw new AppError('unauthorized', authMessages.invalidCredentials);
      }
      await ticket.succeeded();
      if (ticket.usernameFailures > 0) await limiter.clearUsername(email);
      return user;
    },
  };
}
