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
 * - Attempts arriving together (found by reliability/races: 30 guesses sent at once were all
 *   checked, because each was counted only after its own check failed): `begin` claims a place
 *   before the password is checked, one attempt at a time per account and per address (an
 *   advisory lock, so across processes too). A claimed place is a row dated PENDING_MS ahead: it
 *   counts as taken but not yet as a failure. The answer turns it into a failure (`failed`) or
 *   deletes it (`succeeded`); a process that dies in between leaves a failure once the date passes.
 *   When all places are taken by attempts still being checked, the next waits for them (briefly)
 *   rather than being refused: simultaneous logins with the right password all get in.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { isValidUsername } from './admin-repo';
import { clientAddressKey } from './client-address';
import { loginFailures } from './tables';

export type LoginLimits = { perUsername: number; perAddress: number; windowSeconds: number };

export const REPORT_LOGIN_LIMITS: LoginLimits = { perUsername: 10, perAddress: 20, windowSeconds: 15 * 60 };

/** Each process deletes rows that left the window at most this often, on a failed login. */
const PURGE_EVERY_MS = 10 * 60 * 1000;

/** Longer than any password check takes (argon2, ~26 ms; requests time out at 30 s). */
const PENDING_MS = 60_000;
/**
 * How long an attempt waits for a place while other attempts' passwords are being checked. Thirty
 * right passwords at once on a loaded 2-core machine took over 5 s to check ten at a time (CI run),
 * so the wait is generous: only a burst ever waits, and a right password should not be refused.
 */
const QUEUE_MS = 20_000;
const QUEUE_POLL_MS = 50;

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

/** A claimed place: the caller says how the password check ended. */
export type LoginTicket = {
  /** This username's failures in the window before this attempt. */
  usernameFailures: number;
  succeeded(): Promise<void>;
  failed(): Promise<void>;
};

export type LoginLimiter = {
  /** Throws TooManyLoginsError when the address or the username is locked out. */
  check(attempt: LoginAttempt): Promise<{ usernameFailures: number }>;
  /**
   * For an attempt about to have its password checked: a place within the limits, counting the
   * attempts being checked right now. Throws TooManyLoginsError (and counts nothing) when the
   * failures reach the limit, or when no place frees up within QUEUE_MS.
   */
  begin(attempt: LoginAttempt): Promise<LoginTicket>;
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

  /**
   * The attempt's failures in the window per scope, with the places claimed by attempts still being
   * checked (rows dated in the future), and how long until a new try is allowed when a scope's
   * failures reach its limit: until the limit-th newest failure leaves the window.
   */
  const standing = async (executor: Pick<Database, 'execute'>, attempt: LoginAttempt) => {
    // No username subject: '' matches nothing (a valid username has at least one character).
    const [address, user] = subjects(attempt);
    const result = await executor.execute<{
      scope: Subject['scope'];
      failures: number;
      pending: number;
      wait: number | null;
    }>(sql`
      select scope,
        count(*) filter (where created_at <= now())::int as failures,
        count(*) filter (where created_at > now())::int as pending,
        ceil(extract(epoch from (
          (array_agg(created_at order by created_at desc, id desc) filter (where created_at <= now()))[
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
    let full = false;
    for (const row of result.rows) {
      const limit = row.scope === 'ip' ? limits.perAddress : limits.perUsername;
      if (row.scope === 'username') usernameFailures = Number(row.failures);
      if (row.wait !== null) wait = Math.max(wait, Math.max(1, Number(row.wait)));
      if (Number(row.failures) + Number(row.pending) >= limit) full = true;
    }
    return { usernameFailures, wait, full };
  };

  const purgeNowAndThen = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    // Off the request path: a slow or failed clean-up must not hold up or fail the answer.
    purge().catch((error: unknown) => logger?.warn({ err: error }, 'could not purge old login failures'));
  };

  const check = async (attempt: LoginAttempt) => {
    const { usernameFailures, wait } = await standing(db, attempt);
    if (wait > 0) throw new TooManyLoginsError(wait);
    return { usernameFailures };
  };

  type Claim =
    | { kind: 'claimed'; ids: string[]; usernameFailures: number }
    | { kind: 'locked'; wait: number }
    | { kind: 'full' };

  /** Counts and claims in one transaction, holding the subjects' advisory locks (in one order: no deadlock). */
  const claim = (attempt: LoginAttempt): Promise<Claim> =>
    db.transaction(async (tx) => {
      const keys = subjects(attempt)
        .map((subject) => `login:${realm}:${subject.scope}:${subject.key}`)
        .sort();
      for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const { usernameFailures, wait, full } = await standing(tx, attempt);
      if (wait > 0) return { kind: 'locked', wait };
      if (full) return { kind: 'full' };
      const rows = await tx
        .insert(loginFailures)
        .values(
          subjects(attempt).map((subject) => ({
            realm,
            ...subject,
            createdAt: sql`now() + ${sql.raw(`interval '${PENDING_MS} milliseconds'`)}`,
          })),
        )
        .returning({ id: loginFailures.id });
      return { kind: 'claimed', ids: rows.map((row) => row.id), usernameFailures };
    });

  return {
    check,

    async begin(attempt) {
      const deadline = Date.now() + QUEUE_MS;
      for (;;) {
        const outcome = await claim(attempt);
        if (outcome.kind === 'claimed') {
          const mine = inArray(loginFailures.id, outcome.ids);
          return {
            usernameFailures: outcome.usernameFailures,
            succeeded: async () => {
              await db.delete(loginFailures).where(mine);
            },
            failed: async () => {
              await db.update(loginFailures).set({ createdAt: sql`now()` }).where(mine);
              purgeNowAndThen();
            },
          };
        }
        if (outcome.kind === 'locked') throw new TooManyLoginsError(outcome.wait);
        // Every place is held by an attempt being checked: one of them ends within milliseconds.
        if (Date.now() >= deadline) throw new TooManyLoginsError(1);
        await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
      }
    },

    async recordFailure(attempt) {
      await db.insert(loginFailures).values(subjects(attempt).map((subject) => ({ realm, ...subject })));
      purgeNowAndThen();
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
