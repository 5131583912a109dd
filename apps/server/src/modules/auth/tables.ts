/**
 * Visitor accounts (SPEC.md §2 /login, /register, /dashboard; DESIGN.md: the auth server at /auth).
 * Sessions live in the database, not in process memory, so every server process behind a load
 * balancer knows every session. Only a hash of the session token is stored: a leaked table does
 * not let anyone sign in.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { knownLocale, localeColumn } from '#src/db/locale-column';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** argon2id; null for an account that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    /** Google's stable subject id ("sub"), once the account has signed in with Google. */
    googleSubject: text('google_subject').unique(),
    /** True when Google vouched for the address: the dashboard may then show donations made with it. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /** The language the account was opened in: its links, notices and statements are written in it. */
    locale: localeColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // E-mails are compared case-insensitively: 'Ann@X.org' and 'ann@x.org' are one account.
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_locale_known', knownLocale(t.locale)),
  ],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    /** sha256 (hex) of the token in the cookie; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * The tokens Google sign-in hands to /auth-success (hand-off-token.ts): each names its row, which
 * the first use deletes (single use), and which goes with its session (logout, expiry, sign-in
 * methods changed): the token never outlives the session it was handed out with.
 */
export const authHandOffs = pgTable(
  'auth_hand_offs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: text('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_hand_offs_session_idx').on(t.sessionId), index('auth_hand_offs_expires_idx').on(t.expiresAt)],
);

/**
 * The links account mails carry (account-links.ts; issue 18, "Accounts that are complete"): verify
 * an e-mail, change it, reset a password. A row holds no secret: the link's token is the row id with
 * an HMAC of it under a key derived from the session secret (account-link-token.ts), so the mail
 * renderer can write the link again at send time (the outbox is by reference) and a leaked table
 * opens nothing. `used_at` makes a link single use; the rows also count the limits (link-limits.ts),
 * so they outlive their account (SET NULL: a deleted account's mails still count for the recipient)
 * and are swept two days after they were made.
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'verify-email' | 'change-email' | 'reset-password' (account-link-token.ts). */
    purpose: text('purpose').notNull(),
    /** Where the link is mailed: the account's address, or the new one for an e-mail change. */
    email: text('email').notNull(),
    /** The site's origin the link points at, as the request that asked for it was addressed (host-checked). */
    linkOrigin: text('link_origin').notNull(),
    /** The client address that asked, for the per-address limit; null when made by a sign-up. */
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** For an e-mail change once followed: the address it replaced (told of the change). */
    replacedEmail: text('replaced_email'),
  },
  (t) => [
    index('account_links_user_idx').on(t.userId, t.purpose, t.createdAt),
    index('account_links_email_idx').on(sql`lower(${t.email})`, t.purpose, t.createdAt),
    index('account_links_created_idx').on(t.createdAt),
  ],
);
