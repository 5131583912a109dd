/**
 * One edit of the site's content (issue 21), in one transaction: lock the row, refuse an edit based
 * on an older version (409: a colleague changed it since the form was opened), apply the change,
 * check the whole document again (ids still unique, nothing emptied), store it with the next
 * version, and write the audit line beside it. The other processes hear of it when it commits
 * (content-notifications.ts).
 */
import { type SiteContent, siteContentMessages, siteContentSchema } from '@store/shared/site-content';
import type { FastifyRequest } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { auditActor, recordAudit } from '#src/modules/staff/audit';
import { notifyContentEdited } from './content-notifications';
import { readContent, writeContent } from './content-repo';
import type { ContentSnapshot, SiteContentStore } from './site-content-store';

export type ContentChange = {
  content: SiteContent;
  audit: { action: string; targetType: string; targetId: string; before: unknown; after: unknown };
};

export type EditContentInput<C extends ContentChange = ContentChange> = {
  db: Database;
  store: SiteContentStore;
  request: FastifyRequest;
  /** The version the editor's form was made from. */
  version: number;
  /** The new document from the current one; throws an AppError (404, 400) to refuse. */
  change: (content: SiteContent) => C;
  /**
   * What the database must agree to, in the edit's own transaction (an entity's settled fields,
   * entity-gifts.ts); throws an AppError to refuse.
   */
  allow?: (tx: Pick<Database, 'select'>, change: C) => Promise<void>;
};

function fieldsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || 'content'] ??= issue.message;
  return fields;
}

export async function editContent<C extends ContentChange>({
  db,
  store,
  request,
  version,
  change,
  allow,
}: EditContentInput<C>): Promise<ContentSnapshot> {
  // Seeds the row on a database that has none yet, so the lock below always finds it.
  await store.current();
  const saved = await db.transaction(async (tx) => {
    const row = await readContent(tx, { lock: true });
    if (!row) throw new Error('site_content has no row');
    if (row.version !== version) {
      throw new AppError('conflict', siteContentMessages.stale, { fields: { version: siteContentMessages.stale } });
    }
    const current = siteContentSchema.parse(row.content);
    const proposed = change(current);
    await allow?.(tx, proposed);
    const { content, audit } = proposed;
    const checked = siteContentSchema.safeParse(content);
    if (!checked.success) {
      throw new AppError('validation_error', 'The catalogue would not be valid with this change.', {
        fields: fieldsOf(checked.error.issues),
      });
    }
    const written = await writeContent(tx, checked.data);
    await recordAudit(tx, { actor: auditActor(request), ...audit });
    await notifyContentEdited(tx);
    return { ...written, content: checked.data };
  });
  return store.accept(saved);
}
