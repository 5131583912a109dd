/**
 * ALTCHA replay protection in the database (captcha_spent), so that every server process on one
 * PostgreSQL refuses a solution another process already accepted. No state lives in memory.
 */
import { lt } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { captchaSpent } from './tables';

/**
 * Records a solved challenge as used. True the first time; false when it was already recorded,
 * also when two requests carry it at once (the primary key lets exactly one insert through).
 */
export async function markSolutionSpent(db: Database, signature: string, expiresAt: Date): Promise<boolean> {
  const inserted = await db
    .insert(captchaSpent)
    .values({ signature, expiresAt })
    .onConflictDoNothing({ target: captchaSpent.signature })
    .returning({ signature: captchaSpent.signature });
  return inserted.length === 1;
}

/** Deletes rows whose challenge has expired: such a challenge is refused before its row is looked at. */
export async function purgeExpiredSolutions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(captchaSpent)
    .where(lt(captchaSpent.expiresAt, now))
    .returning({ signature: captchaSpent.signature });
  return deleted.length;
}
