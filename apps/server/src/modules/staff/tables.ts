/**
 * The back office's sign-in and its memory (issue 21): staff sessions (a cookie, not Basic auth),
 * the one-time recovery codes of two-factor sign-in, and the audit log of every staff action.
 */
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { admins } from '#src/modules/admins/tables';

/**
 * A staff session. Like account sessions (auth/sessions.ts) the row's id is the sha256 of the
 * cookie's token. `stage` is how far the sign-in got: 'totp' (password right, code still owed),
 * 'enrol' (password right, the role needs two-factor and none is set up: only enrolment is open),
 * 'full' (signed in).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<'totp' | 'enrol' | 'full'>().notNull(),
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_admin_idx').on(t.adminId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/** Ten single-use codes per enrolment, stored as sha256 (they are random, 50 bits each). */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_recovery_codes_admin_idx').on(t.adminId)],
);

/**
 * Wrong sign-in codes (authenticator and recovery codes alike) per member, in a fixed window that
 * starts at the first wrong one: one row per member, counted by one INSERT ... ON CONFLICT DO UPDATE,
 * so every process and every client address adds to the same count (code-step-lock.ts). An attempt
 * is counted BEFORE its code is checked; a right code deletes the row.
 */
export const staffCodeGuesses = pgTable('staff_code_guesses', {
  adminId: uuid('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  wrongCodes: integer('wrong_codes').notNull(),
});

/**
 * Every staff action: who (id and name as they were), when, what, the target, before → after, and
 * from which address. Append-only: the migration adds a trigger that refuses UPDATE and DELETE, so
 * not even the application can rewrite it. No foreign key: a removed member's actions stay.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    /** 'cli' for the npm run admin command, else the member's username. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    clientIp: text('client_ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);
