/**
 * The rows behind e-mailed account links (tables.ts, account_links; the token: account-link-token.ts).
 *
 * - issueLink adds a row and queues its e-mail in the caller's transaction (the outbox by reference:
 *   the renderer writes the link at send time), so a link is mailed if and only if it exists.
 * - consumeLink spends a link in one statement (`used_at` set where it was null and the link is
 *   live): of two requests showing one link at once, exactly one gets it. Single use.
 * - Lifetimes (EMAIL_LINK_HOURS): verification and e-mail change 24 h, password reset 1 h. Time is
 *   the database's, like the sessions'.
 */
import { EMAIL_LINK_HOURS } from '@store/shared/auth';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { queueMail } from '#src/modules/mail/outbox';
import { LINK_MAIL_KIND } from './account-link-kinds';
import type { LinkPurpose } from './account-link-token';
import { accountLinks } from './tables';

export type AccountLink = typeof accountLinks.$inferSelect;

const LIFETIME_HOURS: Readonly<Record<LinkPurpose, number>> = {
  'verify-email': EMAIL_LINK_HOURS.verifyEmail,
  'change-email': EMAIL_LINK_HOURS.verifyEmail,
  'reset-password': EMAIL_LINK_HOURS.resetPassword,
};

/** Links that could take an account over if someone else held them; revoked when the owner acts. */
export const ACCESS_PURPOSES: readonly LinkPurpose[] = ['change-email', 'reset-password'];

/** Rows are kept this long after they were made: past every lifetime and the limits' window. */
const KEEP = sql.raw(`interval '2 days'`);
const SWEEP_EVERY_MS = 10 * 60 * 1000;
let lastSweep = 0;

export type NewLink = {
  userId: string;
  purpose: LinkPurpose;
  email: string;
  /** The site's origin the link opens (routes: AUTH_BASE_URL's site, or the request's own origin). */
  linkOrigin: string;
  clientIp: string | null;
};

type LinkDb = Pick<Database, 'insert'>;

/** Adds the link and queues its e-mail; returns the row id. Call inside the caller's transaction. */
export async function issueLink(tx: LinkDb, link: NewLink): Promise<string> {
  const hours = LIFETIME_HOURS[link.purpose];
  const [row] = await tx
    .insert(accountLinks)
    .values({ ...link, expiresAt: sql`now() + ${sql.raw(`interval '${hours} hours'`)}` })
    .returning({ id: accountLinks.id });
  if (!row) throw new Error('the account link was not stored');
  await queueMail(tx, { kind: LINK_MAIL_KIND[link.purpose], subjectId: row.id });
  return row.id;
}

/** A link that is not used, not expired and whose account still exists. */
export function liveLink(): SQL {
  return and(
    isNull(accountLinks.usedAt),
    isNotNull(accountLinks.userId),
    sql`${accountLinks.expiresAt} > now()`,
  ) as SQL;
}

/** Spends the link if it is live and of this purpose; undefined otherwise. */
export async function consumeLink(
  tx: Pick<Database, 'update'>,
  { id, purpose }: { id: string; purpose: LinkPurpose },
): Promise<AccountLink | undefined> {
  const [row] = await tx
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountLinks.id, id), eq(accountLinks.purpose, purpose), liveLink()))
    .returning();
  return row;
}

/** Spends every live link of the account with these purposes (a reset, a password change, log out everywhere). */
export async function revokeLinks(
  tx: Pick<Database, 'update'>,
  userId: string,
  purposes: readonly LinkPurpose[],
): Promise<void> {
  await tx
    .update(accountLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountLinks.userId, userId), inArray(accountLinks.purpose, [...purposes]), isNull(accountLinks.usedAt)),
    );
}

/** Deletes rows past KEEP, at most every 10 minutes per process, off the request path. */
export function sweepLinksNowAndThen(db: Pick<Database, 'delete'>, logger: Pick<FastifyBaseLogger, 'warn'>): void {
  if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
  lastSweep = Date.now();
  db.delete(accountLinks)
    .where(sql`${accountLinks.createdAt} <= now() - ${KEEP}`)
    .then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, 'could not delete old account links'),
    );
}
