/**
 * The store's content once staff edit it from /admin (issue 21): the catalogue, concert tiers,
 * centers and the event, as one validated document (the shape of config/site.json's content), and
 * the images uploaded for items. `version` moves with every edit, so each server process can tell
 * cheaply whether its copy is current. config/site.json seeds the row on first start.
 */
import { sql } from 'drizzle-orm';
import { check, customType, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const siteContent = pgTable(
  'site_content',
  {
    /** Always 1: one document. */
    id: integer('id').primaryKey(),
    content: jsonb('content').notNull(),
    version: integer('version').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_content_single_row', sql`${t.id} = 1`)],
);

export const siteImages = pgTable('site_images', {
  id: uuid('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
