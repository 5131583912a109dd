/**
 * The report keys' SQL (tables.ts `report_keys`). The key itself is never stored or logged: it is
 * returned once by createReportKey, and found again by its sha256. sha256 rather than argon2: the
 * key is 256 random bits, so no guess list reaches it and a slow hash would only slow every report
 * request (Basic authentication sends the key with each one).
 */
import { createHash, randomBytes } from 'node:crypto';
import { REPORT_KEY_PATTERN, REPORT_KEY_PREFIX } from '@store/shared/report-keys';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { admins, reportKeys } from './tables';

type Writer = Pick<Database, 'insert' | 'update' | 'select'>;

export type ReportKeyRow = {
  id: string;
  adminId: string;
  label: string;
  username: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const rowColumns = {
  id: reportKeys.id,
  adminId: reportKeys.adminId,
  label: reportKeys.label,
  username: admins.username,
  createdAt: reportKeys.createdAt,
  lastUsedAt: reportKeys.lastUsedAt,
  revokedAt: reportKeys.revokedAt,
};

/** 32 random bytes, base64url: `rk_` and 43 characters. */
export function generateReportKey(): string {
  return `${REPORT_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function hashReportKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('base64url');
}

export async function insertReportKey(
  db: Writer,
  { adminId, label, key }: { adminId: string; label: string; key: string },
): Promise<ReportKeyRow | undefined> {
  const [inserted] = await db
    .insert(reportKeys)
    .values({ adminId, label, keyHash: hashReportKey(key) })
    .onConflictDoNothing()
    .returning({ id: reportKeys.id });
  return inserted ? findReportKey(db, inserted.id) : undefined;
}

export async function findReportKey(db: Pick<Database, 'select'>, id: string): Promise<ReportKeyRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(reportKeys)
    .innerJoin(admins, eq(admins.id, reportKeys.adminId))
    .where(eq(reportKeys.id, id));
  return row;
}

/** One member's keys, or everybody's (an owner's list); newest first, revoked ones too. */
export async function listReportKeys(db: Database, adminId: string | undefined): Promise<ReportKeyRow[]> {
  return db
    .select(rowColumns)
    .from(reportKeys)
    .innerJoin(admins, eq(admins.id, reportKeys.adminId))
    .where(adminId === undefined ? undefined : eq(reportKeys.adminId, adminId))
    .orderBy(desc(reportKeys.createdAt), desc(reportKeys.id));
}

/** The live (not revoked) key of this member that `key` is, if any. No query for what cannot be a key. */
export async function findLiveReportKey(
  db: Database,
  adminId: string,
  key: string,
): Promise<{ id: string; lastUsedAt: Date | null } | undefined> {
  if (!REPORT_KEY_PATTERN.test(key)) return undefined;
  const [row] = await db
    .select({ id: reportKeys.id, lastUsedAt: reportKeys.lastUsedAt })
    .from(reportKeys)
    .where(
      and(eq(reportKeys.keyHash, hashReportKey(key)), eq(reportKeys.adminId, adminId), isNull(reportKeys.revokedAt)),
    );
  return row;
}

/**
 * Marks the key used now, unless that was done in the last minute (every report page and export
 * sends the key: one write a minute, not one per request). True for the one request that wrote:
 * concurrent requests all see the old date, and the WHERE, re-read under the row lock, lets one through.
 */
export async function touchReportKey(db: Writer, id: string): Promise<boolean> {
  const updated = await db
    .update(reportKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(reportKeys.id, id),
        sql`(${reportKeys.lastUsedAt} is null or ${reportKeys.lastUsedAt} < now() - interval '1 minute')`,
      ),
    )
    .returning({ id: reportKeys.id });
  return updated.length > 0;
}

/** Sets revoked_at once; undefined when the key is unknown or was already revoked. */
export async function markReportKeyRevoked(db: Writer, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(reportKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(reportKeys.id, id), isNull(reportKeys.revokedAt)))
    .returning({ id: reportKeys.id });
  return row;
}

/**
 * ADMIN_REPORT_KEY (automation): that key exists for this administrator. A key of the same value
 * that was revoked stays revoked (returns 'revoked'); live keys from an earlier ADMIN_REPORT_KEY
 * of this administrator are revoked, so changing the variable retires the old key.
 */
export async function ensureEnvReportKey(
  db: Database,
  { adminId, key, label }: { adminId: string; key: string; label: string },
): Promise<'created' | 'unchanged' | 'revoked'> {
  const keyHash = hashReportKey(key);
  return db.transaction(async (tx) => {
    await tx
      .update(reportKeys)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(reportKeys.adminId, adminId),
          eq(reportKeys.label, label),
          isNull(reportKeys.revokedAt),
          sql`${reportKeys.keyHash} <> ${keyHash}`,
        ),
      );
    const [existing] = await tx
      .select({ adminId: reportKeys.adminId, revokedAt: reportKeys.revokedAt })
      .from(reportKeys)
      .where(eq(reportKeys.keyHash, keyHash));
    if (existing) return existing.revokedAt || existing.adminId !== adminId ? 'revoked' : 'unchanged';
    const [inserted] = await tx
      .insert(reportKeys)
      .values({ adminId, label, keyHash })
      .onConflictDoNothing()
      .returning({ id: reportKeys.id });
    return inserted ? 'created' : 'unchanged';
  });
}
