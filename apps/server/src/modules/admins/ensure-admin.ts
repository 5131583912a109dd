/**
 * Run by main.ts after migrating: makes sure somebody can read the report, with no default password
 * anywhere (DESIGN.md "Data that SPEC.md leaves open").
 *  - ADMIN_USERNAME + ADMIN_PASSWORD set (automation): that administrator is created, or its password
 *    updated, at every start; with ADMIN_REPORT_KEY, that key reads the report as them (an owner's
 *    password needs two-factor and is refused there).
 *  - otherwise, with no administrator at all: `admin` is created with a random password written to
 *    DATA_DIR/initial-admin-password (readable by the owner only); the log names the file, and shows
 *    the password only when the file could not be written.
 * Several processes may start together on one PostgreSQL: the insert is conditional and the unique
 * index settles races, and only the process whose insert won shows and writes the password.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '#src/config';
import type { Database } from '#src/db/client';
import { checkNewPassword, countAdmins, findAdminByUsername, USERNAME_MESSAGE, usernameSchema } from './admin-repo';
import { hashPassword, verifyPassword } from './passwords';
import { ensureEnvReportKey } from './report-key-repo';
import { admins } from './tables';

export const INITIAL_ADMIN_USERNAME = 'admin';
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

export type EnsureAdminResult =
  | { action: 'created-initial'; username: string; password: string; passwordFile: string | undefined }
  | { action: 'created-from-env' | 'updated-from-env' | 'unchanged-from-env'; username: string }
  | { action: 'none' };

export type EnsureAdminOptions = {
  db: Database;
  config: Pick<Config, 'admin' | 'dataDir'>;
  logger: Pick<Logger, 'info' | 'warn'>;
};

/** 24 random bytes: 32 URL-safe characters (192 bits), easy to paste, nothing to escape in a shell. */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

export function initialPasswordPath(dataDir: string): string {
  return join(dataDir, INITIAL_PASSWORD_FILE);
}

/** Start-up stops on a bad ADMIN_* value: running without the administrator the operator asked for is worse. */
class AdminEnvError extends Error {
  override name = 'AdminEnvError';
}

async function ensureEnvAdmin(
  db: Database,
  { username, password }: { username: string; password: string },
  logger: EnsureAdminOptions['logger'],
): Promise<EnsureAdminResult> {
  if (!usernameSchema.safeParse(username).success) throw new AdminEnvError(`ADMIN_USERNAME: ${USERNAME_MESSAGE}`);
  try {
    checkNewPassword(password);
  } catch (error) {
    throw new AdminEnvError(`ADMIN_PASSWORD: ${error instanceof Error ? error.message : String(error)}`);
  }
  const existing = await findAdminByUsername(db, username);
  // Same password as stored: no write, so every restart (of every process) does not rewrite the row.
  if (existing && (await verifyPassword(existing.passwordHash, password))) {
    return { action: 'unchanged-from-env', username: existing.username };
  }
  const passwordHash = await hashPassword(password);
  if (!existing) {
    const [row] = await db
      .insert(admins)
      .values({ username, passwordHash })
      .onConflictDoNothing()
      .returning({ id: admins.id });
    if (row) {
      logger.info({ username }, 'administrator created from ADMIN_USERNAME / ADMIN_PASSWORD');
      return { action: 'created-from-env', username };
    }
    // Another process inserted it meanwhile: fall through and set our (identical) password.
  }
  await db
    .update(admins)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(sql`lower(${admins.username}) = ${username.toLowerCase()}`);
  logger.info({ username }, 'administrator password set from ADMIN_PASSWORD');
  return { action: 'updated-from-env', username };
}

/** Owner-only, written fresh (never through an existing file or link someone else planted). */
function writePasswordFile(dataDir: string, password: string): string {
  const file = initialPasswordPath(dataDir);
  mkdirSync(dataDir, { recursive: true });
  rmSync(file, { force: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

async function ensureInitialAdmin(
  db: Database,
  dataDir: string,
  logger: EnsureAdminOptions['logger'],
): Promise<EnsureAdminResult> {
  // The common case (every start after the first) costs one cheap query and no hashing.
  if ((await countAdmins(db)) > 0) return { action: 'none' };
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  // "Only if the table is still empty" in the same statement; two processes both seeing it empty
  // both try 'admin', and the unique index lets exactly one of them insert.
  const inserted = await db.execute<{ id: string }>(sql`
    insert into ${admins} (username, password_hash)
    select ${INITIAL_ADMIN_USERNAME}, ${passwordHash}
    where not exists (select 1 from ${admins})
    on conflict do nothing
    returning id`);
  if (inserted.rows.length === 0) return { action: 'none' };

  let passwordFile: string | undefined;
  try {
    passwordFile = writePasswordFile(dataDir, password);
  } catch (error) {
    // The log line below is then the only copy: say so rather than fail the start.
    logger.warn({ err: error }, `could not write ${initialPasswordPath(dataDir)}`);
  }
  // A password stays out of the logs (they travel to aggregators): the line says where the file
  // is. Only when the file could not be written is the log the one way to hand it to the operator.
  const where = passwordFile
    ? `its password is in ${passwordFile} (readable by this user only)`
    : `with the password ${password} (shown only this once: it could not be saved to a file)`;
  logger.warn(
    { username: INITIAL_ADMIN_USERNAME, passwordFile },
    `No administrator existed, so "${INITIAL_ADMIN_USERNAME}" was created; ${where}. ` +
      `Change it with: npm run admin -- reset-password ${INITIAL_ADMIN_USERNAME}`,
  );
  return { action: 'created-initial', username: INITIAL_ADMIN_USERNAME, password, passwordFile };
}

/** The label of the key ADMIN_REPORT_KEY installs: a later value revokes the keys labelled so. */
export const ENV_REPORT_KEY_LABEL = 'ADMIN_REPORT_KEY';

async function ensureEnvAdminReportKey(
  db: Database,
  { username, reportKey }: { username: string; reportKey: string },
  logger: EnsureAdminOptions['logger'],
): Promise<void> {
  const admin = await findAdminByUsername(db, username);
  if (!admin) throw new AdminEnvError(`ADMIN_REPORT_KEY: there is no administrator "${username}"`);
  const outcome = await ensureEnvReportKey(db, { adminId: admin.id, key: reportKey, label: ENV_REPORT_KEY_LABEL });
  if (outcome === 'created') logger.info({ username }, 'report key set from ADMIN_REPORT_KEY');
  // Revoked in the back office: it stays revoked, whatever the environment says.
  if (outcome === 'revoked') logger.warn({ username }, 'ADMIN_REPORT_KEY was revoked and stays refused: set a new one');
}

export async function ensureAdmin({ db, config, logger }: EnsureAdminOptions): Promise<EnsureAdminResult> {
  if (config.admin) {
    const result = await ensureEnvAdmin(db, config.admin, logger);
    const { reportKey } = config.admin;
    if (reportKey !== undefined)
      await ensureEnvAdminReportKey(db, { username: config.admin.username, reportKey }, logger);
    return result;
  }
  return ensureInitialAdmin(db, config.dataDir, logger);
}

/**
 * The file is a plain-text copy of a password: once that password is reset (or its administrator
 * deleted) it is stale, and better gone. Returns whether there was one.
 */
export function removeInitialPasswordFile(dataDir: string): boolean {
  const file = initialPasswordPath(dataDir);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}
