/** The audit log as owners read it: newest first, 50 a page, by id (the log only grows). */

import type { auditPageSchema } from '@store/shared/staff';
import { desc, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '#src/db/client';
import { auditLog } from './tables';

export const AUDIT_PAGE_SIZE = 50;

export async function listAudit(db: Database, before?: number): Promise<z.infer<typeof auditPageSchema>> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(before === undefined ? undefined : lt(auditLog.id, before))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? String(last.id) : null,
  };
}
