/**
 * Brute-force defence for password logins (issue 4: the report's administrators; issue 6: visitor
 * accounts, realm 'account', keyed by e-mail): failed logins are counted per client address
 * and per username in login_failures; past the limit within the window, logins are refused with
 * 429 and Retry-After BEFORE the password is checked, so a locked-out guesser learns nothing more.
 *
 * - Per username stops a slow guess at one account from many addresses; per address stops one
 *   client spraying many usernames. The username limit is lower: it protects a single account.
 * - Successes are not recorded (a valid login costs no write), and a success clears that
 *   username's failures: only someone who knows the password can clear them, and the treasurer who
 *   mistyped nine times is not then one typo away from a lock-out. Address failures stay: a valid
 *   account must not launder an address that sprays guesses at others.
 * - Failures while locked out are not recorded, so retrying does not push the lock-out further.
 * - State and time are the database's: every process behind a load balancer sees the same counts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { isValidUsername } from './admin-repo';
import { clientAddressKey } from './client-address';
import { loginFailures } from './tables';

export type LoginLimits = { perUsername: number; perAddress: number; windowSeconds: number };

export const REPORT_LOGIN_LIMITS: LoginLimits = { perUsername: 10, perAddress: 20, windowSeconds: 15 * 60 };

/** Each process deletes rows that left the window at most this often, on a failed login. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** `username` is whatever names the account at this login: a username, or an e-mail address. */
export type LoginAttempt = { ip: string; username: string };

/** The 429 answer; the guard sends `retryAfterSeconds` as the Retry-After header. */
export class TooManyLoginsError extends AppError {
  readonly retryAfterSeconds: number;
  /** `what` names what was counted, for the message: 'failed logins' unless the caller counts something else. */
  constructor(retryAfterSeconds: number, what = 'failed logins') {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'rate_limited',
      `Too many ${what}. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export type LoginLimiter = {
  /** Throws TooManyLoginsError when the address or the username is locked out. */
  check(attempt: LoginAttempt): Promise<{ usernameFailures: number }>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  clearUsername(username: string): Promise<void>;
  /** Deletes failures that left the window; returns how many. */
  purge(): Promise<number>;
};

export type LoginLimiterOptions = {
  db: Database;
  /** Which login this counts for; each login of the app has its own counts. */
  realm?: string;
  limits?: LoginLimits;
  /**
   * The key a name is counted under (one account, however it is typed), or undefined for a name no
   * account can have. Defaults to administrators' usernames, lower-cased.
   */
  accountKey?: (username: string) => string | undefined;
  logger?: Pick<FastifyBaseLogger, 'warn'>;
};

type Subject = { scope: 'ip' | 'username'; key: string };

export function adminAccountKey(username: string): string | undefined {
  return isValidUsername(username) ? username.toLowerCase() : undefined;
}

export function createLoginLimiter({
  db,
  realm = 'report',
  limits = REPORT_LOGIN_LIMITS,
  accountKey = adminAccountKey,
  logger,
}: LoginLimiterOptions): LoginLimiter {
  const subjects = ({ ip, username }: LoginAttempt): Subject[] => {
    const list: Subject[] = [{ scope: 'ip', key: clientAddressKey(ip) }];
    // A name no account can have protects nothing; leaving it out also keeps junk out of the table.
    const key = accountKey(username);
    if (key !== undefined) list.push({ scope: 'username', key });
    return list;
  };
  const window = sql`(${limits.windowSeconds}::int * interval '1 second')`;
  let lastPurge = 0;

  const purge = async (): Promise<number> => {
    const deleted = await db.execute<{ id: string }>(
      sql`delete from ${loginFailures} where realm = ${realm} and created_at <= now() - ${window} returning id`,
    );
    return deleted.rows.length;
  };

  return {
    async check(attempt) {
      // No username subject: '' matches nothing (a valid username has at least one character).
      const [address, user] = subjects(attempt);
      // One round trip for both counts. The wait is until the limit-th newest failure leaves the
      // window (with exactly `limit` failures: the oldest counted one), when a new try is allowed.
      const result = await db.execute<{ scope: Subject['scope']; failures: number; wait: number | null }>(sql`
        select scope, count(*)::int as failures,
          ceil(extract(epoch from (
            (array_agg(created_at order by created_at desc))[
              case scope when 'ip' then ${limits.perAddress}::int else ${limits.perUsername}::int end
            ] + ${window} - now()
          )))::int as wait
        from ${loginFailures}
        where realm = ${realm} and created_at > now() - ${window}
          and ((scope = 'ip' and key = ${address?.key ?? ''})
            or (scope = 'username' and key = ${user?.key ?? ''}))
        group by scope`);
      let usernameFailures = 0;
      let wait = 0;
      for (const row of result.rows) {
        if (row.scope === 'username') usernameFailures = Number(row.failures);
        if (row.wait !== null) wait = Math.max(wait, Math.max(1, Number(row.wait)));
      }
      if (wait > 0) throw new TooManyLoginsError(wait);
      return { usernameFailures };
    },

    async recordFailure(attempt) {
      await db.insert(loginFailures).values(subjects(attempt).map((subject) => ({ realm, ...subject })));
      if (Date.now() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = Date.now();
        // Off the request path: a slow or failed clean-up must not hold up or fail the answer.
        purge().catch((error: unknown) => logger?.warn({ err: error }, 'could not purge old login failures'));
      }
    },

    async clearUsername(username) {
      const key = accountKey(username);
      if (key === undefined) return;
      await db.execute(
        sql`delete from ${loginFailures} where realm = ${realm} and scope = 'username' and key = ${key}`,
      );
    },

    purge,
  };
}
