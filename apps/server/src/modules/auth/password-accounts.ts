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
 * - Creating accounts is limited per client address (issue 18, point 4: 785 accounts in 15 s from
 *   one address): every sign-up, made or refused, takes a place in ACCOUNT_CREATION_LIMITS before
 *   its password is hashed; the route also asks for the captcha (action `register`).
 * - A common or breached password is refused at sign-up (issue 18, point 7; lib/password-strength.ts),
 *   400 naming the field `password`.
 * - Ten failed logins for one account from any addresses put it under attack (login-limit.ts): the
 *   owner is told once per window by e-mail (guessing-alert.ts).
 * - A sign-up queues the e-mail verification link in the account's own transaction
 *   (email-verification.ts): the account exists if and only if its link is on its way (limits aside).
 * - The settings that need the current password (change password or e-mail, delete the account)
 *   check it here, as a login: a wrong one counts toward the same limits, so a stolen session cannot
 *   guess the password faster than the login form could.
 */
import { authMessages, type LoginRequest, type RegisterRequest } from '@store/shared/auth';
import type { Locale } from '@store/shared/i18n/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { isTooCommonPassword, warmUpPasswordStrength } from '#src/lib/password-strength';
import {
  createLoginLimiter,
  type LoginLimits,
  REPORT_LOGIN_LIMITS,
  TooManyLoginsError,
} from '#src/modules/admins/login-limit';
import { hashPassword, verifyLogin, warmUpDummyHash } from '#src/modules/admins/passwords';
import type { MailNotifier } from '#src/modules/mail/worker';
import { type LinkRequest, queueVerification } from './email-verification';
import { queueGuessingAlert } from './guessing-alert';
import { findUserByEmail, insertUser, type User } from './user-repo';

export const ACCOUNT_LOGIN_REALM = 'account';
export const ACCOUNT_CREATION_REALM = 'account-creation';

/**
 * Sign-ups per client address: a family or an office behind one address opens a few accounts in an
 * hour; a script opening hundreds is stopped at the tenth. Only the address's count applies.
 */
export const ACCOUNT_CREATION_LIMITS: LoginLimits = { ...REPORT_LOGIN_LIMITS, perAddress: 10, windowSeconds: 60 * 60 };

/** Failures of one e-mail count together whatever its case; the routes' schema validated it. */
export function accountEmailKey(email: string): string | undefined {
  const key = email.trim().toLowerCase();
  return key.includes('@') && key.length <= 254 ? key : undefined;
}

export type PasswordAccounts = {
  /**
   * The new account, its verification link queued with it (linkQueued); AppError email_taken (409)
   * when the e-mail has one in any case.
   */
  register(
    input: RegisterRequest,
    /** `locale`: the request's language, the account's from then on (its mails are written in it). */
    link: LinkRequest & { clientIp: string; locale?: Locale | undefined },
  ): Promise<{ user: User; linkQueued: boolean }>;
  /** The account; AppError unauthorized (401) or TooManyLoginsError (429). */
  logIn(input: LoginRequest, ip: string): Promise<User>;
  /**
   * Checks a signed-in account's current password like a login (counted, limited): AppError
   * validation_error naming `currentPassword` (400) when it is wrong, TooManyLoginsError (429).
   */
  confirmPassword(user: User, password: string, ip: string): Promise<void>;
  /** Before answering whether an address has an account (an e-mail change): 429 once the address has probed too much. */
  checkProbe(ip: string): Promise<void>;
  /** Counts an answer that told an address has an account against the client address, like register's 409. */
  recordProbe(ip: string): Promise<void>;
};

export type PasswordAccountsOptions = {
  db: Database;
  /** For work off the request path (clean-up, warm-up). */
  logger: FastifyBaseLogger;
  /** Told when an alert was queued, so it goes out now rather than at the worker's next poll. */
  mail?: MailNotifier | undefined;
};

function tooManyAttempts(error: unknown): never {
  if (error instanceof TooManyLoginsError) throw new TooManyLoginsError(error.retryAfterSeconds, 'attempts');
  throw error;
}

export function createPasswordAccounts({ db, logger, mail }: PasswordAccountsOptions): PasswordAccounts {
  // The report's limits (REPORT_LOGIN_LIMITS), counted apart from the report's logins.
  const limiter = createLoginLimiter({ db, realm: ACCOUNT_LOGIN_REALM, accountKey: accountEmailKey, logger });
  const creations = createLoginLimiter({
    db,
    realm: ACCOUNT_CREATION_REALM,
    limits: ACCOUNT_CREATION_LIMITS,
    accountKey: () => undefined,
    logger,
  });
  warmUpDummyHash().catch((error: unknown) => logger.warn({ err: error }, 'could not prepare the dummy hash'));
  warmUpPasswordStrength();

  return {
    async register({ name, email, password }, { clientIp: ip, linkOrigin, locale = 'en' }) {
      // Checked before any place is taken: a refused password is the visitor's typo to fix, not an attempt.
      if (isTooCommonPassword(password)) {
        throw new AppError('validation_error', authMessages.passwordTooCommon, {
          fields: { password: authMessages.passwordTooCommon },
        });
      }
      // No e-mail in the attempt: only the address's counts apply.
      const attempt = { ip, username: '' };
      // Probing for taken e-mails counts against the address's logins too (below).
      await limiter.check(attempt).catch(tooManyAttempts);
      const place = await creations.begin(attempt).catch(tooManyAttempts);
      // Every sign-up counts against the address, made or refused: 'failed' keeps the place as a count.
      const passwordHash = await hashPassword(password);
      const made = await db
        .transaction(async (tx) => {
          const user = await insertUser(tx, { name, email, passwordHash, locale });
          if (!user) return undefined;
          return { user, linkQueued: await queueVerification(tx, user, { linkOrigin, clientIp: ip }) };
        })
        .finally(() => place.failed());
      if (made) return made;
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
        const { accountUnderAttack } = await ticket.failed();
        if (user && accountUnderAttack) {
          const queued = await queueGuessingAlert(db, user.id, limiter.limits.windowSeconds);
          if (queued) mail?.kick();
        }
        throw new AppError('unauthorized', authMessages.invalidCredentials);
      }
      await ticket.succeeded();
      if (ticket.pairFailures > 0) await limiter.clearFailures(attempt);
      return user;
    },

    async confirmPassword(user, password, ip) {
      const attempt = { ip, username: user.email };
      const ticket = await limiter.begin(attempt);
      if (!(await verifyLogin(user.passwordHash ?? undefined, password))) {
        const { accountUnderAttack } = await ticket.failed();
        if (accountUnderAttack && (await queueGuessingAlert(db, user.id, limiter.limits.windowSeconds))) mail?.kick();
        const message = authMessages.currentPasswordWrong;
        throw new AppError('validation_error', message, { fields: { currentPassword: message } });
      }
      await ticket.succeeded();
      if (ticket.pairFailures > 0) await limiter.clearFailures(attempt);
    },

    async checkProbe(ip) {
      await limiter.check({ ip, username: '' }).catch(tooManyAttempts);
    },

    async recordProbe(ip) {
      await limiter.recordFailure({ ip, username: '' });
    },
  };
}
