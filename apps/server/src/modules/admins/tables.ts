/**
 * Administrators who may read the payment report (Basic authentication, SPEC.md §6), and the
 * failed logins counted to slow brute force. Passwords are argon2id hashes; no default password
 * exists anywhere (DESIGN.md "Data that SPEC.md leaves open").
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Issue 21: what a staff member may do (packages/shared/src/staff.ts says which role may do what).
 * The administrators from before the back office are owners.
 */
export type StaffRole = 'owner' | 'treasurer' | 'editor' | 'volunteer';

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull().default('owner'),
    /** A volunteer's center (site.json center id): they read that center's orders and registrations only. */
    centerId: integer('center_id'),
    /**
     * The TOTP secret, sealed with a key derived from the session secret (staff/totp-secret.ts): a
     * leaked table or backup gives nobody the codes. Set at enrolment, confirmed by `totp_enabled_at`.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is good once, even within its window. */
    totpLastStep: integer('totp_last_step'),
    /** Where the member's security notices go (their code step locked); set by an owner, may be unset. */
    email: text('email'),
    /** A disabled member cannot sign in (Basic or session); their name stays in the audit log. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are compared case-insensitively: 'Treasurer' and 'treasurer' are one account.
  (t) => [
    uniqueIndex('admins_username_lower_idx').on(sql`lower(${t.username})`),
    check('admins_role_known', sql`${t.role} in ('owner', 'treasurer', 'editor', 'volunteer')`),
    check('admins_volunteer_center', sql`${t.role} <> 'volunteer' or ${t.centerId} is not null`),
  ],
);

/** One row per failed login, per scope: the client address and the (lower-cased) username tried. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Which login: 'report' here; the accounts issue counts its own. */
    realm: text('realm').notNull(),
    /** 'pair': one account from one address, keyed '<account> <address>' (login-limit.ts). */
    scope: text('scope').$type<'ip' | 'username' | 'pair'>().notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_lookup_idx').on(t.realm, t.scope, t.key, t.createdAt)],
);

/**
 * Report keys: the password an owner or treasurer types on /report (HTTP Basic), where their
 * account password is refused because it needs a second factor. Only the key's sha256 is kept (the
 * key is 256 random bits: a fast hash is enough, no dictionary can reach it). Revoked keys stay, for
 * the list and the audit log; a revoked key is refused on the next request.
 */
export const reportKeys = pgTable(
  'report_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('report_keys_hash_idx').on(t.keyHash), index('report_keys_admin_idx').on(t.adminId)],
);
