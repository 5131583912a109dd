/**
 * How many account links are mailed (issue 18: every account e-mail goes through the outbox with
 * limits, so no form here becomes a relay like the registration form was, point 3).
 *
 * Per purpose, at most LINKS_PER_HOUR links in an hour for one account OR to one address (one count
 * over both): a person re-sending a lost link twice still gets it; a script gets three an hour. The
 * address's count keeps counting the links of deleted accounts (their rows stay, user_id NULL), so
 * signing up, deleting and signing up again with someone's address does not mail them more.
 * Purposes are counted apart: links an attacker sends to an address (sign-ups, e-mail changes) never
 * use up the owner's own password resets.
 *
 * Counted from account_links itself in the transaction that adds the row, under advisory locks on
 * the account and the address, so requests arriving together are counted one after the other (the
 * login limit's lesson, RELIABILITY.md). The forgot-password form is also limited per client address
 * (password-reset.ts), counting every request, with or without an account.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { LinkPurpose } from './account-link-token';
import { accountLinks } from './tables';

export const LINKS_PER_HOUR = 3;
export const LINK_LIMIT_WINDOW_SECONDS = 60 * 60;

/** `userId` undefined: an address with no account ('Forgot password?' runs the same statements for it). */
export type LinkLimitSubject = { purpose: LinkPurpose; userId: string | undefined; email: string };

/**
 * 0 when another link may be made now, else the seconds until one may. Call inside the transaction
 * that then inserts the link: the locks it takes are held until that commits.
 */
export async function linkLimitWait(tx: Pick<Database, 'execute'>, subject: LinkLimitSubject): Promise<number> {
  const { purpose, userId, email } = subject;
  const to = email.toLowerCase();
  // No account: a lock of its own per address, so requests for unknown addresses never queue on one key.
  const keys = [`account-link:${purpose}:user:${userId ?? `none:${to}`}`, `account-link:${purpose}:to:${to}`];
  // One order everywhere, so two transactions never wait for each other's second lock.
  for (const key of keys.sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  const l = accountLinks;
  const window = sql.raw(`interval '${LINK_LIMIT_WINDOW_SECONDS} seconds'`);
  // The LINKS_PER_HOUR-th newest link in the window: when it leaves the window, a place frees up.
  const result = await tx.execute<{ wait: number | null }>(sql`
    select ceil(extract(epoch from (${l.createdAt} + ${window} - now())))::int as wait
    from ${l}
    where ${l.purpose} = ${purpose} and ${l.createdAt} > now() - ${window}
      and (${l.userId} = ${userId ?? null} or lower(${l.email}) = lower(${email}))
    order by ${l.createdAt} desc
    offset ${LINKS_PER_HOUR - 1} limit 1`);
  const wait = result.rows[0]?.wait;
  return wait === undefined || wait === null ? 0 : Math.max(1, Number(wait));
}
