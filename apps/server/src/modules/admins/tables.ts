/**
 * Administrators who may read the payment report (Basic authentication, SPEC.md §6), and the
 * failed logins counted to slow brute force. Passwords are argon2id hashes; no default password
 * exists anywhere (DESIGN.md "Data that SPEC.md leaves open").
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are compared case-insensitively: 'Treasurer' and 'treasurer' are one account.
  (t) => [uniqueIndex('admins_username_lower_idx').on(sql`lower(${t.username})`)],
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
