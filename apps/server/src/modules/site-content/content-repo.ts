/** SQL for the one site_content row (issue 21). */
import type { SiteContent } from '@store/shared/site-content';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { siteContent } from './tables';

const ROW_ID = 1;

export type StoredContent = { content: unknown; version: number; updatedAt: Date };

type Reader = Pick<Database, 'select'>;

/** The cheap check every use makes: one primary-key lookup of one integer. */
export async function readContentVersion(db: Reader): Promise<number | undefined> {
  const rows = await db.select({ version: siteContent.version }).from(siteContent).where(eq(siteContent.id, ROW_ID));
  return rows[0]?.version;
}

export async function readContent(db: Reader, options: { lock?: boolean } = {}): Promise<StoredContent | undefined> {
  const query = db
    .select({ content: siteContent.content, version: siteContent.version, updatedAt: siteContent.updatedAt })
    .from(siteContent)
    .where(eq(siteContent.id, ROW_ID));
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Writes site.json's content when the database has none yet. Two processes starting at once both
 * try; the primary key lets one insert win and the other do nothing, so it is safe to run at every
 * start: after the first, it never changes what staff edited.
 */
export async function seedContent(db: Pick<Database, 'insert'>, content: SiteContent): Promise<void> {
  await db
    .insert(siteContent)
    .values({ id: ROW_ID, content, version: 1 })
    .onConflictDoNothing({ target: siteContent.id });
}

/**
 * A row stored before entities were editable has none: it takes site.json's, once, without a new
 * version (nothing a reader saw changes: until now every process read the entities from the file).
 * Every process starting on such a row may run this; the condition lets only the first write.
 */
export async function adoptEntities(db: Pick<Database, 'update'>, entities: SiteContent['entities']): Promise<void> {
  await db
    .update(siteContent)
    .set({ content: sql`${siteContent.content} || ${JSON.stringify({ entities })}::jsonb` })
    .where(and(eq(siteContent.id, ROW_ID), sql`${siteContent.content} -> 'entities' is null`));
}

/** Stores an edit made under the row lock readContent({ lock: true }) took; the version moves on. */
export async function writeContent(
  tx: Pick<Database, 'update'>,
  content: SiteContent,
): Promise<{ version: number; updatedAt: Date }> {
  const rows = await tx
    .update(siteContent)
    .set({ content, version: sql`${siteContent.version} + 1`, updatedAt: sql`now()` })
    .where(eq(siteContent.id, ROW_ID))
    .returning({ version: siteContent.version, updatedAt: siteContent.updatedAt });
  const row = rows[0];
  if (!row) throw new Error('site_content has no row to update');
  return row;
}
