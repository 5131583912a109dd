/**
 * Passwords of administrators and of visitor accounts (modules/auth): argon2id hashes (DESIGN.md
 * "Chosen dependencies"), never stored or logged in clear. Parameters are OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): about
 * 25 ms per hash on these machines, slow for an attacker with the table, quick enough for a login.
 */
import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, type Options, verify } from '@node-rs/argon2';
import { isTooCommonPassword, TOO_COMMON_MESSAGE } from '#src/lib/password-strength';

/** `Algorithm` is an ambient const enum, which `isolatedModules` forbids reading: its Argon2id is 2. */
const ARGON2ID = 2 as Algorithm;

export const PASSWORD_HASH_OPTIONS: Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Administrators' rule (passwordProblem). NIST SP 800-63B asks for length rather than composition
 * rules, and for refusing common and breached passwords (lib/password-strength.ts); 12 is OWASP's
 * floor for admins. Visitor accounts use the shared registerRequestSchema.
 */
export const MIN_PASSWORD_LENGTH = 12;
/** Long passphrases are welcome; megabytes are not (each login hashes what is sent). */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Two keyboards or input methods can type the same text as different code points (é as one or two):
 * compare the canonical form so the administrator's password works wherever they type it.
 */
function normal(password: string): string {
  return password.normalize('NFC');
}

/** Why a new password is refused, in words for the person choosing it; undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  // Characters as people count them (code points), not UTF-16 units.
  const length = [...normal(password)].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long (it has ${length}).`;
  }
  if (length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  if (isTooCommonPassword(password)) return TOO_COMMON_MESSAGE;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(normal(password), PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a hash that is not a valid argon2 string (never throws for that). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normal(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password nobody knows, made once per process with the same parameters as real
 * ones. Verifying against it when the username does not exist costs what a real check costs, so the
 * answer's timing does not tell an attacker which usernames exist.
 */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(32).toString('base64url'), PASSWORD_HASH_OPTIONS);
  return dummyHash;
}

/** Made at start-up (createAdminGuard, the auth routes), so the first login for an unknown name is not slower. */
export function warmUpDummyHash(): Promise<void> {
  return getDummyHash().then(() => undefined);
}

/**
 * Checks a login: against the account's hash, or the dummy hash when there is no such account or it
 * has no password (always false then, in the same time).
 */
export async function verifyLogin(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (passwordHash !== undefined) return verifyPassword(passwordHash, password);
  await verifyPassword(await getDummyHash(), password);
  return false;
}
