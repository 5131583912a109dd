/**
 * The administrators table. Usernames are matched without case (the unique index is on
 * lower(username)) but kept as typed, for display. Hashes never leave this file except to the
 * login check (findAdminByUsername); lists show names and dates only.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { hashPassword, passwordProblem } from './passwords';
import { admins, type StaffRole } from './tables';

export const USERNAME_MESSAGE = 'A username is 1 to 64 letters, digits or the characters . _ - @';

/**
 * Letters and digits are ASCII only: lower() then means the same in JavaScript and in PostgreSQL,
 * and no two usernames look alike while being different (Cyrillic а vs Latin a).
 */
export const usernameSchema = z.string().regex(/^[A-Za-z0-9._@-]{1,64}$/, USERNAME_MESSAGE);

export function isValidUsername(username: string): boolean {
  return usernameSchema.safeParse(username).success;
}

/** What an administrator looks like outside the login check: no hash. */
export type AdminSummary = {
  id: string;
  username: string;
  role: StaffRole;
  centerId: number | null;
  totpEnabled: boolean;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};
export type AdminCredentials = {
  id: string;
  username: string;
  passwordHash: string;
  role: StaffRole;
  disabled: boolean;
};

const summaryColumns = {
  id: admins.id,
  username: admins.username,
  role: admins.role,
  centerId: admins.centerId,
  totpEnabled: sql<boolean>`${admins.totpEnabledAt} is not null`,
  disabled: sql<boolean>`${admins.disabledAt} is not null`,
  createdAt: admins.createdAt,
  updatedAt: admins.updatedAt,
};

function checkUsername(username: string): void {
  if (!isValidUsername(username)) throw new AppError('validation_error', USERNAME_MESSAGE);
}

export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError('validation_error', problem);
}

function notFound(username: string): AppError {
  return new AppError('not_found', `There is no administrator "${username}".`);
}

const sameUsername = (username: string) => eq(sql`lower(${admins.username})`, username.toLowerCase());

export async function findAdminByUsername(db: Database, username: string): Promise<AdminCredentials | undefined> {
  // An impossible name cannot match: skip the query (and keep junk out of the SQL log).
  if (!isValidUsername(username)) return undefined;
  const [row] = await db
    .select({
      id: admins.id,
      username: admins.username,
      passwordHash: admins.passwordHash,
      role: admins.role,
      disabled: sql<boolean>`${admins.disabledAt} is not null`,
    })
    .from(admins)
    .where(sameUsername(username));
  return row;
}

export type NewAdmin = {
  username: string;
  password: string;
  /** Issue 21: owner unless said (the administrators from before the back office are owners). */
  role?: StaffRole;
  /** A volunteer's center. */
  centerId?: number | null;
};

/** Throws a `conflict` AppError when the name is taken in any case. */
export async function createAdmin(
  db: Database,
  { username, password, role = 'owner', centerId = null }: NewAdmin,
): Promise<AdminSummary> {
  checkUsername(username);
  checkNewPassword(password);
  if (role === 'volunteer' && centerId === null) {
    throw new AppError('validation_error', 'centerId: a volunteer needs a center', {
      fields: { centerId: 'A volunteer needs a center' },
    });
  }
  const passwordHash = await hashPassword(password);
  // ON CONFLICT (any unique index) rather than check-then-insert: two creators racing get one row.
  const [row] = await db
    .insert(admins)
    .values({ username, passwordHash, role, centerId })
    .onConflictDoNothing()
    .returning(summaryColumns);
  if (!row) throw new AppError('conflict', `An administrator "${username}" already exists (usernames ignore case).`);
  return row;
}

/** Replaces the password; throws `not_found` for an unknown username. */
export async function setAdminPassword(
  db: Database,
  { username, password }: { username: string; password: string },
): Promise<void> {
  checkNewPassword(password);
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(admins)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(sameUsername(username))
    .returning({ id: admins.id });
  if (updated.length === 0) throw notFound(username);
}

export async function listAdmins(db: Database): Promise<AdminSummary[]> {
  return (
    db
      .select(summaryColumns)
      .from(admins)
      // lower(username) is unique (admins_username_lower_idx): a total order.
      .orderBy(asc(sql`lower(${admins.username})`))
  );
}

export async function countAdmins(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(admins);
  return Number(row?.count ?? 0);
}

/** Throws `not_found` for an unknown username. */
export async function deleteAdmin(db: Database, username: string): Promise<void> {
  const deleted = await db.delete(admins).where(sameUsername(username)).returning({ id: admins.id });
  if (deleted.length === 0) throw notFound(username);
}
