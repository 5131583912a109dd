/**
 * Proving an account's e-mail (issue 18, point 8: without it, registering someone's address first
 * blocked them and opened nothing for them to take it back with).
 *
 * - A sign-up queues a verification link in the transaction that makes the account; a signed-in
 *   account can ask for another (link-limits.ts: 3 an hour, then 429 with Retry-After).
 * - Following it marks the address verified, but only if it is still the account's address: a link
 *   mailed to an address the account has since left proves nothing about the new one.
 * - An e-mail change's link (change-email.ts) makes its address the account's, verified, unless
 *   another account has taken it meanwhile (409, the link stays unused); the old address is told.
 * Until the address is verified, donations made with it while signed out stay off the account's
 * dashboard (db/owned-by.ts).
 */
import { authMessages } from '@store/shared/auth';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/errors/app-error';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import { queueMail } from '#src/modules/mail/outbox';
import { EMAIL_CHANGED_KIND } from './account-link-kinds';
import { type LinkKey, readLinkToken } from './account-link-token';
import { type AccountLink, consumeLink, issueLink } from './account-links';
import { linkLimitWait } from './link-limits';
import { accountLinks, users } from './tables';
import type { User } from './user-repo';

type Tx = Pick<Database, 'execute' | 'insert'>;

export type LinkRequest = { linkOrigin: string; clientIp: string | null };

/** The error every bad, used or expired link gets: one answer, so none tells which it was. */
export function invalidLink(): AppError {
  return new AppError('invalid_token', authMessages.invalidToken, { fields: { token: authMessages.invalidToken } });
}

/**
 * Queues a verification link for the account's address unless the limit is reached. True when
 * queued. Inside the caller's transaction (a sign-up's).
 */
export async function queueVerification(tx: Tx, user: User, request: LinkRequest): Promise<boolean> {
  const wait = await linkLimitWait(tx, { purpose: 'verify-email', userId: user.id, email: user.email });
  if (wait > 0) return false;
  await issueLink(tx, { userId: user.id, purpose: 'verify-email', email: user.email, ...request });
  return true;
}

/** A signed-in account asks again. False: the address is verified already (nothing sent). */
export async function resendVerification(db: Database, user: User, request: LinkRequest): Promise<boolean> {
  if (user.emailVerified) return false;
  await db.transaction(async (tx) => {
    const wait = await linkLimitWait(tx, { purpose: 'verify-email', userId: user.id, email: user.email });
    if (wait > 0) throw new TooManyLoginsError(wait, 'e-mails sent');
    await issueLink(tx, { userId: user.id, purpose: 'verify-email', email: user.email, ...request });
  });
  return true;
}

type VerifyTx = Pick<Database, 'select' | 'update' | 'insert'>;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function lockedUser(tx: VerifyTx, id: string): Promise<User | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return user;
}

async function moveAddress(tx: VerifyTx, user: User, link: AccountLink): Promise<User> {
  const taken = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${link.email})`, ne(users.id, user.id)));
  if (taken.length > 0) throw new AppError('email_taken', authMessages.emailTakenReason);
  const [moved] = await tx
    .update(users)
    .set({ email: link.email, emailVerified: true, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (!moved) throw invalidLink();
  if (!sameAddress(user.email, link.email)) {
    await tx.update(accountLinks).set({ replacedEmail: user.email }).where(eq(accountLinks.id, link.id));
    await queueMail(tx, { kind: EMAIL_CHANGED_KIND, subjectId: link.id });
  }
  return moved;
}

/**
 * Follows a verification or e-mail-change link. The account as it now is, and whether a notice to
 * the old address was queued (the route then wakes the mail worker).
 */
export async function followEmailLink(
  db: Database,
  key: LinkKey,
  token: string,
): Promise<{ user: User; noticeQueued: boolean }> {
  const read = readLinkToken(key, token, ['verify-email', 'change-email']);
  if (!read) throw invalidLink();
  try {
    return await db.transaction(async (tx) => {
      const link = await consumeLink(tx, read);
      const user = link?.userId ? await lockedUser(tx, link.userId) : undefined;
      if (!link || !user) throw invalidLink();
      if (read.purpose === 'change-email') {
        const moved = await moveAddress(tx, user, link);
        return { user: moved, noticeQueued: !sameAddress(user.email, link.email) };
      }
      if (!sameAddress(user.email, link.email)) throw invalidLink();
      const [verified] = await tx
        .update(users)
        .set({ emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      return { user: verified ?? user, noticeQueued: false };
    });
  } catch (error) {
    // Another account took the address between the check and the update (the unique index).
    if (isUniqueViolation(error)) {
      throw new AppError('email_taken', authMessages.emailTakenReason, { cause: error });
    }
    throw error;
  }
}
