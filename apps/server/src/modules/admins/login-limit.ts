/**
 * Brute-force defence for password logins (issue 4: the report's administrators; issue 6: visitor
 * accounts, realm 'account', keyed by e-mail): failed logins are counted per client address
 * and per username in login_failures; past the limit within the window, logins are refused with
 * 429 and Retry-After BEFORE the password is checked, so a locked-out guesser learns nothing more.
 *
 * - Three counts (issue 18, point 5: ten wrong passwords from ONE address used to lock the real owner
 *   out for 15 minutes). Per (account, address): 10 failures refuse that address for that account,
 *   which is where the guesser is. Per address: 20 failures refuse the address for every account
 *   (one client spraying many usernames). Per account: 10 failures from any addresses put the
 *   account UNDER ATTACK, which refuses nobody by itself; instead its password checks are slowed to
 *   one at a time, UNDER_ATTACK_SPACING apart, and an address that has already failed 3 times for
 *   it is refused. The owner, at an address that has not failed, gets in after a short wait; a
 *   guesser spread over many addresses gets 3 guesses per address and one check per second at most.
 *   (A captcha was the other choice the issue allowed; the slow-down also covers the report's
 *   Basic authentication, where no captcha can be asked for.)
 * - Successes are not recorded (a valid login costs no write), and a success clears the failures of
 *   that account from that address (the owner's own typos). The account's count stays, so one
 *   success of the owner does not reopen the account to the guessers; address failures stay too: a
 *   valid account must not launder an address that sprays guesses at others.
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

export type LoginLimits = {
  /** Failures of one account from one address that refuse that address for it. */
  perAccountAndAddress: number;
  /** Failures of one account from any addresses that put it under attack (slowed, never locked). */
  perUsername: number;
  /** While the account is under attack: the failures from one address that refuse it. */
  perAccountAndAddressUnderAttack: number;
  /** Failures from one address, for any accounts, that refuse it. */
  perAddress: number;
  windowSeconds: number;
  /** While the account is under attack: at least this long between two of its password checks. */
  underAttackSpacingMs: number;
};

export const REPORT_LOGIN_LIMITS: LoginLimits = {
  perAccountAndAddress: 10,
  perUsername: 10,
  perAccountAndAddressUnderAttack: 3,
  perAddress: 20,
  windowSeconds: 15 * 60,
  underAttackSpacingMs: 1_000,
};

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

/** Where an attempt stands before its password is checked. */
export type LoginStanding = {
  /** The account's failures in the window, from any addresses. */
  usernameFailures: number;
  /** The account's failures from this attempt's address. */
  pairFailures: number;
};

/** A claimed place: the caller says how the password check ended. */
export type LoginTicket = LoginStanding & {
  succeeded(): Promise<void>;
  /** Counts the failure; `accountUnderAttack`: the account's failures have now reached perUsername. */
  failed(): Promise<{ accountUnderAttack: boolean }>;
};

export type LoginLimiter = {
  readonly limits: LoginLimits;
  /** Throws TooManyLoginsError when the address is locked out, for this account or for all. */
  check(attempt: LoginAttempt): Promise<LoginStanding>;
  /**
   * For an attempt about to have its password checked: a place within the limits, counting the
   * attempts being checked right now. Throws TooManyLoginsError (and counts nothing) when the
   * failures reach a limit, or when no place frees up within QUEUE_MS.
   */
  begin(attempt: LoginAttempt): Promise<LoginTicket>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  /** After a success: forgets the account's failures from this attempt's address (the owner's typos). */
  clearFailures(attempt: LoginAttempt): Promise<void>;
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

type Scope = 'ip' | 'username' | 'pair';
type Subject = { scope: Scope; key: string };

export function adminAccountKey(username: string): string | undefined {
  return isValidUsername(username) ? username.toLowerCase() : undefined;
}

type ScopeCounts = { failures: number; pending: number; ages: number[] };
const NO_ROWS: ScopeCounts = { failures: 0, pending: 0, ages: [] };

export function createLoginLimiter({
  db,
  realm = 'report',
  limits = REPORT_LOGIN_LIMITS,
  accountKey = adminAccountKey,
  logger,
}: LoginLimiterOptions): LoginLimiter {
  const subjects = ({ ip, username }: LoginAttempt): Subject[] => {
    const address = clientAddressKey(ip);
    const list: Subject[] = [{ scope: 'ip', key: address }];
    // A name no account can have protects nothing; leaving it out also keeps junk out of the table.
    const key = accountKey(username);
    if (key !== undefined) list.push({ scope: 'username', key }, { scope: 'pair', key: `${key} ${address}` });
    return list;
  };
  const window = sql`(${limits.windowSeconds}::int * interval '1 second')`;
  const oldestAgeNeeded = Math.max(limits.perAddress, limits.perAccountAndAddress, 1);
  let lastPurge = 0;

  const purge = async (): Promise<number> => {
    const deleted = await db.execute<{ id: string }>(
      sql`delete from ${loginFailures} where realm = ${realm} and created_at <= now() - ${window} returning id`,
    );
    return deleted.rows.length;
  };

  /**
   * The attempt's failures in the window per scope, with the places claimed by attempts still being
   * checked (rows dated in the future), and the ages of the newest failures (seconds, newest first):
   * a scope at its limit opens again when its limit-th newest failure leaves the window.
   */
  const standing = async (executor: Pick<Database, 'execute'>, attempt: LoginAttempt) => {
    const found = new Map(subjects(attempt).map((subject) => [subject.scope, subject.key]));
    const result = await executor.execute<{ scope: Scope; failures: number; pending: number; ages: unknown }>(sql`
      select scope,
        count(*) filter (where created_at <= now())::int as failures,
        count(*) filter (where created_at > now())::int as pending,
        (array_agg(extract(epoch from (now() - created_at))::float8 order by created_at desc, id desc)
          filter (where created_at <= now()))[1:${oldestAgeNeeded}::int] as ages
      from ${loginFailures}
      where realm = ${realm} and created_at > now() - ${window}
        and ((scope = 'ip' and key = ${found.get('ip') ?? ''})
          or (scope = 'username' and key = ${found.get('username') ?? ''})
          or (scope = 'pair' and key = ${found.get('pair') ?? ''}))
      group by scope`);
    const counts: Record<Scope, ScopeCounts> = { ip: NO_ROWS, username: NO_ROWS, pair: NO_ROWS };
    for (const row of result.rows) {
      counts[row.scope] = {
        failures: Number(row.failures),
        pending: Number(row.pending),
        ages: Array.isArray(row.ages) ? row.ages.map(Number) : [],
      };
    }
    const { ip, username, pair } = counts;
    const underAttack = username.failures >= limits.perUsername;
    const pairLimit = underAttack ? limits.perAccountAndAddressUnderAttack : limits.perAccountAndAddress;
    // Seconds until the limit-th newest failure leaves the window.
    const reopensIn = (scope: ScopeCounts, limit: number) =>
      Math.max(1, Math.ceil(limits.windowSeconds - (scope.ages[limit - 1] ?? limits.windowSeconds)));
    let wait = 0;
    if (ip.failures >= limits.perAddress) wait = Math.max(wait, reopensIn(ip, limits.perAddress));
    if (pair.failures >= pairLimit) wait = Math.max(wait, reopensIn(pair, Math.min(pairLimit, pair.ages.length)));
    // Under attack, or about to be once the checks in progress fail: one check at a time, spaced.
    const slowed =
      username.failures + username.pending >= limits.perUsername &&
      (username.pending > 0 || (username.ages[0] ?? Infinity) * 1000 < limits.underAttackSpacingMs);
    const full = ip.failures + ip.pending >= limits.perAddress || pair.failures + pair.pending >= pairLimit || slowed;
    return { usernameFailures: username.failures, pairFailures: pair.failures, wait, full };
  };

  const purgeNowAndThen = () => {
    if (Date.now() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = Date.now();
    // Off the request path: a slow or failed clean-up must not hold up or fail the answer.
    purge().catch((error: unknown) => logger?.warn({ err: error }, 'could not purge old login failures'));
  };

  const check = async (attempt: LoginAttempt): Promise<LoginStanding> => {
    const { usernameFailures, pairFailures, wait } = await standing(db, attempt);
    if (wait > 0) throw new TooManyLoginsError(wait);
    return { usernameFailures, pairFailures };
  };

  type Claim =
    | ({ kind: 'claimed'; ids: string[] } & LoginStanding)
    | { kind: 'locked'; wait: number }
    | { kind: 'full' };

  /** Counts and claims in one transaction, holding the subjects' advisory locks (in one order: no deadlock). */
  const claim = (attempt: LoginAttempt): Promise<Claim> =>
    db.transaction(async (tx) => {
      const keys = subjects(attempt)
        .filter((subject) => subject.scope !== 'pair') // Covered by the account's and the address's locks.
        .map((subject) => `login:${realm}:${subject.scope}:${subject.key}`)
        .sort();
      for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
      const { usernameFailures, pairFailures, wait, full } = await standing(tx, attempt);
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
      return { kind: 'claimed', ids: rows.map((row) => row.id), usernameFailures, pairFailures };
    });

  return {
    limits,
    check,

    async begin(attempt) {
      const deadline = Date.now() + QUEUE_MS;
      for (;;) {
        const outcome = await claim(attempt);
        if (outcome.kind === 'claimed') {
          const mine = inArray(loginFailures.id, outcome.ids);
          return {
            usernameFailures: outcome.usernameFailures,
            pairFailures: outcome.pairFailures,
            succeeded: async () => {
              await db.delete(loginFailures).where(mine);
            },
            failed: async () => {
              await db.update(loginFailures).set({ createdAt: sql`now()` }).where(mine);
              purgeNowAndThen();
              return { accountUnderAttack: outcome.usernameFailures + 1 >= limits.perUsername };
            },
          };
        }
        if (outcome.kind === 'locked') throw new TooManyLoginsError(outcome.wait);
        // Every place is held by an attempt being checked (or the account is under attack and its
        // next check is not due yet): one of them ends within milliseconds.
        if (Date.now() >= deadline) throw new TooManyLoginsError(1);
        await new Promise((resolve) => setTimeout(resolve, QUEUE_POLL_MS));
      }
    },

    async recordFailure(attempt) {
      await db.insert(loginFailures).values(subjects(attempt).map((subject) => ({ realm, ...subject })));
      purgeNowAndThen();
    },

    async clearFailures(attempt) {
      const pair = subjects(attempt).find((subject) => subject.scope === 'pair');
      if (pair === undefined) return;
      await db.execute(
        sql`delete from ${loginFailures} where realm = ${realm} and scope = 'pair' and key = ${pair.key}`,
      );
    },

    purge,
  };
}
