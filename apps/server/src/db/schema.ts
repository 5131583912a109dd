/**
 * The Drizzle schema: the single source of the database's shape. After changing it, run
 * `npm run db:generate -w @store/server` and commit the SQL it writes to apps/server/drizzle/.
 * Later modules add their tables here (or in files re-exported here) so drizzle-kit sees them.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates for itself (session signing, ...). Kept in the database rather than a
 * file in DATA_DIR (DESIGN.md's first idea) because many processes on one PostgreSQL must share them.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
});

export { admins, loginFailures } from '../modules/admins/tables';
export { authSessions, users } from '../modules/auth/tables';
// Module-owned tables, re-exported so drizzle-kit and Drizzle's typed schema see them.
export { captchaSpent } from '../modules/captcha/tables';
export { mailOutbox } from '../modules/mail/tables';
export { orders, paymentDeclines } from '../modules/orders/tables';
export { sandboxNonces, sandboxTransactions } from '../modules/payments/gateways/sandbox-tables';
export { registrants, registrations } from '../modules/registrations/tables';
export { reportDailyTotals, reportSettings } from '../modules/report/tables';
