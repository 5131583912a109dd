/**
 * Which account a Google sign-in opens:
 *  1. the one already linked to this Google account (users.google_subject);
 *  2. else, when Google vouches for the e-mail, the account with that e-mail, now linked to Google;
 *  3. else a new account (no password; email_verified as Google says).
 * Undefined when none can be: the e-mail has an account but Google does not vouch for it, or that
 * account is already linked to another Google account.
 *
 * Linking in step 2 to an account whose e-mail was never verified removes its password and ends its
 * sessions: whoever registered it never proved they own the address, and might not be the person
 * now proving it through Google (the "pre-hijacking" of an account). The owner signs in with Google
 * from then on.
 */
import type { Locale } from '@store/shared/i18n/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import type { SessionStore } from '../sessions';
import { findUserByEmail, findUserByGoogleSubject, insertUser, linkGoogleSubject, type User } from '../user-repo';
import type { GoogleUserinfo } from './google-oauth';

export type GoogleUserDeps = {
  db: Database;
  sessions: SessionStore;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** The language of the sign-in's request: a new account's from then on. Unset, English. */
  locale?: Locale | undefined;
};

function displayName(info: GoogleUserinfo): string {
  const name = info.name?.trim();
  return name ? name : (info.email.split('@')[0] ?? info.email);
}

async function linkOrCreate(
  { db, sessions, logger, locale = 'en' }: GoogleUserDeps,
  info: GoogleUserinfo,
): Promise<User | undefined> {
  const existing = await findUserByEmail(db, info.email);
  if (!existing) {
    return insertUser(db, {
      name: displayName(info),
      email: info.email,
      googleSubject: info.sub,
      emailVerified: info.email_verified,
      locale,
    });
  }
  if (!info.email_verified) {
    logger.warn({ userId: existing.id }, 'google sign-in refused: e-mail has an account and Google does not verify it');
    return undefined;
  }
  const dropPassword = !existing.emailVerified && existing.passwordHash !== null;
  const linked = await linkGoogleSubject(db, existing.id, { googleSubject: info.sub, dropPassword });
  if (!linked) {
    logger.warn({ userId: existing.id }, 'google sign-in refused: the account is linked to another Google account');
    return undefined;
  }
  if (dropPassword) await sessions.deleteAllOf(linked.id);
  logger.info({ userId: linked.id, passwordRemoved: dropPassword }, 'google account linked');
  return linked;
}

export async function findOrCreateGoogleUser(deps: GoogleUserDeps, info: GoogleUserinfo): Promise<User | undefined> {
  const known = await findUserByGoogleSubject(deps.db, info.sub);
  if (known) return known;
  const user = await linkOrCreate(deps, info);
  // Lost a race with another callback for the same Google account (a double click): theirs stands.
  return user ?? findUserByGoogleSubject(deps.db, info.sub);
}
