/**
 * The guard in front of every administrators' route (SPEC.md §6: the report needs a username and
 * password sent as basic authentication):
 *
 *   const requireAdmin = createAdminGuard({ db, logger: app.log });   // once, in the plugin
 *   app.get('/api/report-data', { preHandler: requireAdmin, schema }, async (request) => {
 *     const admin = adminOf(request);                                  // { id, username }
 *   });
 *
 * Order: parse the header, check the failed-login limit (429 before any password is looked at),
 * then verify. Every refusal is the same 401 'Invalid username or password.', whatever was wrong,
 * so the answer does not tell which usernames exist.
 *
 * A member whose role needs two-factor sign-in (owners, treasurers: the only roles that read the
 * report) never gets in here with the account password: that password alone stops at the code step
 * on /admin, so it must not read donor data here either. They type one of their report keys as the
 * password instead (report-key-repo.ts; docs/decisions "report keys instead of passwords"). A key is
 * good only on the routes this guard protects, all of which read.
 */
import { type StaffRole, staffCan, TWO_FACTOR_REQUIRED } from '@store/shared/staff';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { findAdminByUsername } from './admin-repo';
import { parseBasicAuthorization } from './basic-credentials';
import { createLoginLimiter, type LoginLimits, TooManyLoginsError } from './login-limit';
import { verifyLogin, warmUpDummyHash } from './passwords';
import { findLiveReportKey } from './report-key-repo';
import { createVerifiedLogins, type VerifiedLogins } from './verified-logins';

export type AdminIdentity = { id: string; username: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard (createAdminGuard) on the routes it protects; unset elsewhere. */
    admin?: AdminIdentity;
  }
}

/** The failed-login counts of this login (login_failures.realm). */
export const ADMIN_LOGIN_REALM = 'report';
export const WWW_AUTHENTICATE = 'Basic realm="report", charset="UTF-8"';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password.';

export type AdminGuardOptions = {
  db: Database;
  /** For work off the request path (clean-up, warm-up); requests log through request.log. */
  logger: FastifyBaseLogger;
  /** Defaults to REPORT_LOGIN_LIMITS. */
  limits?: LoginLimits;
  /**
   * Called once a report key let a member through (after every check): the staff module marks the
   * key used and writes the audit line, which this module cannot import (staff depends on admins).
   */
  onReportKeyUsed: ReportKeyUseRecorder;
};

export type ReportKeyUse = { keyId: string; adminId: string; username: string; lastUsedAt: Date | null };
export type ReportKeyUseRecorder = (request: FastifyRequest, use: ReportKeyUse) => Promise<void>;

/** Roles whose account password is never accepted here (it needs a second factor elsewhere). */
function needsReportKey(role: StaffRole): boolean {
  return TWO_FACTOR_REQUIRED.includes(role);
}

/** The administrator the guard let through. Throws (a 500: a programming error) on an unguarded route. */
export function adminOf(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new Error(`${request.routeOptions.url ?? request.url} has no admin guard`);
  return request.admin;
}

/**
 * The challenge makes a browser opening the URL directly ask for a password. A page's own script
 * that shows its own login form (the /report page) may send `X-Requested-With: XMLHttpRequest`
 * to get the 401 without the challenge, because browsers answer a challenge to fetch() with their
 * native password dialog (Spring Security and Laravel follow the same convention).
 */
function challenge(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') reply.header('www-authenticate', WWW_AUTHENTICATE);
}

function refuse(request: FastifyRequest, reply: FastifyReply): never {
  challenge(request, reply);
  reply.header('cache-control', 'no-store');
  throw new AppError('unauthorized', INVALID_CREDENTIALS_MESSAGE);
}

/**
 * Guards on one database share their memory of verified logins (whoami and the report routes each
 * make a guard): the login check of the /report page then pays for argon2 once, not once per guard.
 */
const verifiedByDb = new WeakMap<Database, VerifiedLogins>();

function verifiedLoginsFor(db: Database): VerifiedLogins {
  let verified = verifiedByDb.get(db);
  if (!verified) {
    verified = createVerifiedLogins();
    verifiedByDb.set(db, verified);
  }
  return verified;
}

/**
 * Issue 21: the report shows every center's money, so only owners and treasurers read it here; a
 * disabled member reads nothing. The same 401 as a wrong password, after the password or key was
 * checked (so the answer does not tell it was right).
 */
function refuseWithoutReportAccess(
  request: FastifyRequest,
  reply: FastifyReply,
  admin: { username: string; role: StaffRole; disabled: boolean },
): void {
  if (admin.disabled || !staffCan(admin.role, 'readAllOrders')) {
    request.log.warn({ username: admin.username, role: admin.role }, 'report refused to this staff member');
    refuse(request, reply);
  }
}

export function createAdminGuard({
  db,
  logger,
  limits,
  onReportKeyUsed,
}: AdminGuardOptions): preHandlerAsyncHookHandler {
  const limiter = createLoginLimiter({ db, realm: ADMIN_LOGIN_REALM, ...(limits ? { limits } : {}), logger });
  const verified = verifiedLoginsFor(db);
  warmUpDummyHash().catch((error: unknown) => logger.warn({ err: error }, 'could not prepare the dummy hash'));

  /** 429 with Retry-After, logged; other errors pass through. */
  function refusedForFailures(request: FastifyRequest, reply: FastifyReply, error: unknown): never {
    if (error instanceof TooManyLoginsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      reply.header('cache-control', 'no-store');
      request.log.warn({ retryAfter: error.retryAfterSeconds }, 'admin login refused: too many failures');
    }
    throw error;
  }

  return async function requireAdmin(request, reply) {
    const parsed = parseBasicAuthorization(request.headers.authorization);
    if (parsed.kind !== 'credentials') refuse(request, reply);
    const attempt = { ip: request.ip, username: parsed.username };

    const { pairFailures } = await limiter
      .check(attempt)
      .catch((error: unknown) => refusedForFailures(request, reply, error));
    const admin = await findAdminByUsername(db, parsed.username);
    if (admin && needsReportKey(admin.role)) {
      const key = await findLiveReportKey(db, admin.id, parsed.password);
      if (!key) {
        // Counted like a wrong password (the same limits), and as slow: argon2 runs on what was
        // typed, so the timing does not tell this account from an unknown name. The log says when it
        // was the account password, so an administrator who typed it by habit can be told why.
        const ticket = await limiter
          .begin(attempt)
          .catch((error: unknown) => refusedForFailures(request, reply, error));
        const accountPassword = await verifyLogin(admin.passwordHash, parsed.password);
        await ticket.failed();
        request.log.warn(
          { username: admin.username, accountPassword },
          accountPassword
            ? 'report login refused: an account password needs two-factor, use a report key'
            : 'admin login failed',
        );
        refuse(request, reply);
      }
      if (pairFailures > 0) await limiter.clearFailures(attempt);
      refuseWithoutReportAccess(request, reply, admin);
      await onReportKeyUsed(request, {
        keyId: key.id,
        adminId: admin.id,
        username: admin.username,
        lastUsedAt: key.lastUsedAt,
      });
      request.admin = { id: admin.id, username: admin.username };
      return;
    }
    // The same credentials being checked right now: their answer is known in a moment.
    const running = admin && verified.running(admin.id, admin.passwordHash, parsed.password);
    if (running) await running;
    // A password verified before (the same hash and password) is no guess: no argon2, no count.
    if (!admin || !verified.has(admin.id, admin.passwordHash, parsed.password)) {
      let checked = (): void => undefined;
      // Marked before the next await, so the same credentials arriving meanwhile wait for this check.
      if (admin)
        verified.markRunning(
          admin.id,
          admin.passwordHash,
          parsed.password,
          new Promise<void>((resolve) => {
            checked = resolve;
          }),
        );
      try {
        // Counted before the password is checked, so guesses sent all at once meet the limit too.
        const ticket = await limiter
          .begin(attempt)
          .catch((error: unknown) => refusedForFailures(request, reply, error));
        // Unknown usernames pay the same argon2 price as wrong passwords (timing tells nothing).
        const ok = await verifyLogin(admin?.passwordHash, parsed.password);
        if (!admin || !ok) {
          await ticket.failed();
          // The name only when it is an account: people type passwords into the username field.
          request.log.warn({ username: admin?.username ?? '[unknown]' }, 'admin login failed');
          refuse(request, reply);
        }
        await ticket.succeeded();
        verified.add(admin.id, admin.passwordHash, parsed.password);
      } finally {
        checked();
      }
    }
    // The owner's own typos from this address are forgotten; the account's count is not (login-limit.ts).
    if (pairFailures > 0) await limiter.clearFailures(attempt);
    refuseWithoutReportAccess(request, reply, admin);
    request.admin = { id: admin.id, username: admin.username };
  };
}
