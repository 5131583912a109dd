/**
 * Secrets the server generates for itself (session signing, ...). Kept in the database rather than a
 * file in DATA_DIR (DESIGN.md's first idea) because many processes on one PostgreSQL must share them.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
});
