/**
 * 'Forgot password?' (issue 18): a single-use link, 1 hour, to the account's address.
 *
 * - The answer is the same 202 whether or not the address has an account, after the same statements
 *   (the limit's locks and count run for an unknown address too; only the insert is skipped), so
 *   neither the answer nor its timing says which addresses have accounts.
 * - Limits: per client address, every request counts, account or not (FORGOT_LIMITS: 10 an hour,
 *   then 429 with Retry-After; that says nothing about any account); per account / recipient,
 *   link-limits.ts (3 an hour), past which the answer is still 202 and nothing is sent, since saying
 *   so would tell the address has an account.
 * - Following the link sets the new password (strength as at sign-up), marks the address verified
 *   (only its owner could follow it), ends every session of the account (the route opens a new one
 *   for this browser) and spends every other reset and e-mail-change link of the account. This is
 *   how the owner of an address someone else registered takes it back (point 8): when the address
 *   was not verified, a Google account attached to it is detached too, since it never proved the
 *   address either (a Google account whose e-mail Google does not verify).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import {
  createLoginLimiter,
  type LoginLimits,
  REPORT_LOGIN_LIMITS,
  TooManyLoginsError,
} from '#src/modules/admins/login-limit';
import { hashPassword } from '#src/modules/admins/passwords';
import { type LinkKey, readLinkToken } from './account-link-token';
import { ACCESS_PURPOSES, consumeLink, issueLink, revokeLinks } from './account-links';
import { endSessions } from './account-session-ends';
import { invalidLink, type LinkRequest } from './email-verification';
import { linkLimitWait } from './link-limits';
import { assertStrongPassword } from './new-password';
import { users } from './tables';
import { findUserByEmail, type User } from './user-repo';

export const FORGOT_REALM = 'password-forgot';
/** Requests per client address: a household forgetting several passwords; not a script's sweep. */
export const FORGOT_LIMITS: LoginLimits = { ...REPORT_LOGIN_LIMITS, perAddress: 10, windowSeconds: 60 * 60 };

export type PasswordReset = {
  /** True when a link was queued (the route wakes the mail worker); the visitor is told the same either way. */
  forgot(email: string, request: LinkRequest & { clientIp: string }): Promise<boolean>;
  /** The account, with its new password; every session ended. AppError invalid_token / validation_error. */
  reset(token: string, password: string): Promise<User>;
};

export function createPasswordReset({
  db,
  key,
  logger,
}: {
  db: Database;
  key: LinkKey;
  logger: FastifyBaseLogger;
}): PasswordReset {
  const perAddress = createLoginLimiter({
    db,
    realm: FORGOT_REALM,
    limits: FORGOT_LIMITS,
    accountKey: () => undefined,
    logger,
  });

  return {
    async forgot(email, request) {
      const place = await perAddress.begin({ ip: request.clientIp, username: '' }).catch((error: unknown) => {
        if (error instanceof TooManyLoginsError) throw new TooManyLoginsError(error.retryAfterSeconds, 'requests');
        throw error;
      });
      await place.failed(); // Kept as a count: every request uses a place, answered or not.
      const user = await findUserByEmail(db, email);
      return db.transaction(async (tx) => {
        const wait = await linkLimitWait(tx, {
          purpose: 'reset-password',
          userId: user?.id,
          email: user?.email ?? email,
        });
        if (!user || wait > 0) return false;
        await issueLink(tx, { userId: user.id, purpose: 'reset-password', email: user.email, ...request });
        return true;
      });
    },

    async reset(token, password) {
      const read = readLinkToken(key, token, ['reset-password']);
      if (!read) throw invalidLink();
      assertStrongPassword(password, 'password');
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const link = await consumeLink(tx, read);
        const [user] = link?.userId ? await tx.select().from(users).where(eq(users.id, link.userId)).for('update') : [];
        // A link mailed to an address the account has since left proves nothing about the account.
        if (!link || !user || user.email.toLowerCase() !== link.email.toLowerCase()) throw invalidLink();
        const [updated] = await tx
          .update(users)
          .set({
            passwordHash,
            emailVerified: true,
            // Whoever attached this Google account never proved the address; its owner just did.
            ...(user.emailVerified ? {} : { googleSubject: null }),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, user.id))
          .returning();
        await revokeLinks(tx, user.id, ACCESS_PURPOSES);
        await endSessions(tx, user.id);
        if (!updated) throw invalidLink();
        return updated;
      });
    },
  };
}
