/**
 * The users table. E-mails are kept as typed and compared without case, in SQL on both sides
 * (`lower(email) = lower($1)`), the same expression as the unique index, so JavaScript's and
 * PostgreSQL's ideas of lower case never disagree. Password hashes leave this file only in the User
 * row the login check reads; what goes to a browser is toPublicUser's.
 */
import type { PublicUser } from '@store/shared/auth';
import type { Locale } from '@store/shared/i18n/locales';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { sameEmail } from '#src/db/owned-by';
import { users } from './tables';

export type User = typeof users.$inferSelect;

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    hasPassword: user.passwordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

const uuidSchema = z.uuid();

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  // Not a uuid: no such user, and no query PostgreSQL would refuse with an error.
  if (!uuidSchema.safeParse(id).success) return undefined;
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(sameEmail(users.email, email));
  return user;
}

export async function findUserByGoogleSubject(db: Database, subject: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.googleSubject, subject));
  return user;
}

export type NewUser = {
  name: string;
  email: string;
  passwordHash?: string | null;
  googleSubject?: string | null;
  emailVerified?: boolean;
  /** The language the account is opened in (the request's); unset, English. */
  locale?: Locale;
};

/**
 * Inserts the user, or returns undefined when the e-mail (in any case) or the Google account already
 * has one. ON CONFLICT rather than check-then-insert: two sign-ups racing get one account.
 */
export async function insertUser(db: Pick<Database, 'insert'>, user: NewUser): Promise<User | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing().returning();
  return row;
}

/**
 * Attaches a Google account to an existing user, whose address Google has now verified. Returns
 * undefined when the user already has another Google account attached (or no longer exists).
 * `dropPassword`: see google-user.ts (an unverified address's password may not be the owner's).
 */
export async function linkGoogleSubject(
  db: Database,
  userId: string,
  { googleSubject, dropPassword }: { googleSubject: string; dropPassword: boolean },
): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set({
      googleSubject,
      emailVerified: true,
      ...(dropPassword ? { passwordHash: null } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.googleSubject)))
    .returning();
  return row;
}
