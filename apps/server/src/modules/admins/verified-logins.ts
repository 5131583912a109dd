/**
 * Basic authentication sends the password with EVERY request: each report page, filter change and
 * CSV export. Checking argon2id each time (~25 ms of CPU and 19 MiB) would slow the report and let
 * a busy page starve the server, so a successful check is remembered for a few minutes.
 *
 * The key is an HMAC (with a random per-process key) of the administrator's id, the stored hash and
 * the password. Because the stored hash is part of it, a password reset or a deleted administrator
 * takes effect at once, on every process: it memoises argon2's answer, it holds no login state.
 * Only successes are remembered; failures always pay the full check and are counted.
 */
import { createHmac, randomBytes } from 'node:crypto';

const TTL_MS = 5 * 60 * 1000;
/** A handful of administrators, each maybe on a few devices: the cap only bounds memory. */
const MAX_ENTRIES = 500;

export type VerifiedLogins = {
  has(adminId: string, passwordHash: string, password: string): boolean;
  add(adminId: string, passwordHash: string, password: string): void;
};

export function createVerifiedLogins(now: () => number = Date.now): VerifiedLogins {
  const secret = randomBytes(32);
  /** key -> expiry (ms). A Map keeps insertion order: the first entries are the oldest. */
  const entries = new Map<string, number>();
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
