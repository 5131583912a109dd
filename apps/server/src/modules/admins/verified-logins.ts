/**
 * Basic authentication sends the password with EVERY request: each report page, filter change and
 * CSV export. Checking argon2id each time (~25 ms of CPU and 19 MiB) would slow the report and let
 * a busy page starve the server, so a successful check is remembered for a few minutes.
 *
 * The key is an HMAC (with a random per-process key) of the administrator's id, the stored hash and
 * the password. Because the stored hash is part of it, a password reset or a deleted administrator
 * takes effect at once, on every process: it memoises argon2's answer, it holds no login state.
 * Only successes are remembered; failures always pay the full check and are counted.
 *
 * The same credentials arriving together (a report page opening with several calls, 30 at once in
 * reliability/races) wait for the one check of them already running instead of each claiming a
 * place under the login limit: right passwords then cost one argon2 check, not a queue that a
 * loaded machine could not clear in time (30 right logins were refused 429 on a 2-core machine
 * under load). A check that fails lets the waiters go on to be checked and counted as before.
 */
import { createHmac, randomBytes } from 'node:crypto';

const TTL_MS = 5 * 60 * 1000;
/** A handful of administrators, each maybe on a few devices: the cap only bounds memory. */
const MAX_ENTRIES = 500;

export type VerifiedLogins = {
  has(adminId: string, passwordHash: string, password: string): boolean;
  add(adminId: string, passwordHash: string, password: string): void;
  /** The check of these credentials running now, if any (resolves when it ends, however it ends). */
  running(adminId: string, passwordHash: string, password: string): Promise<void> | undefined;
  /** Marks a check of these credentials as running until `done` settles. Call before any await. */
  markRunning(adminId: string, passwordHash: string, password: string, done: Promise<unknown>): void;
};

export function createVerifiedLogins(now: () => number = Date.now): VerifiedLogins {
  const secret = randomBytes(32);
  /** key -> expiry (ms). A Map keeps insertion order: the first entries are the oldest. */
  const entries = new Map<string, number>();
  /** key -> the check running now; at most one entry per login being checked. */
  const checks = new Map<string, Promise<void>>();
  const keyOf = (adminId: string, passwordHash: string, password: string) =>
    createHmac('sha256', secret).update(`${adminId}\0${passwordHash}\0${password}`).digest('base64url');

  return {
    has(adminId, passwordHash, password) {
      const key = keyOf(adminId, passwordHash, password);
      const expiry = entries.get(key);
      if (expiry === undefined) return false;
      if (expiry > now()) return true;
      entries.delete(key);
      return false;
    },
    running(adminId, passwordHash, password) {
      return checks.get(keyOf(adminId, passwordHash, password));
    },
    markRunning(adminId, passwordHash, password, done) {
      const key = keyOf(adminId, passwordHash, password);
      const settled = done.then(
        () => undefined,
        () => undefined,
      );
      checks.set(key, settled);
      void settled.then(() => {
        if (checks.get(key) === settled) checks.delete(key);
      });
    },
    add(adminId, passwordHash, password) {
      const key = keyOf(adminId, passwordHash, password);
      entries.delete(key);
      entries.set(key, now() + TTL_MS);
      while (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
