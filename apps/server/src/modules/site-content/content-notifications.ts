/**
 * Tells the other server processes on one PostgreSQL that the content changed, so their catalogue
 * answers and pages refresh at once instead of at their next bounded check (site-content-store.ts).
 * Only a hint: a notification lost (a dropped LISTEN connection) is a page up to RECHECK_MS behind,
 * and the checkout never depends on it (it reads the version itself).
 */
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Database } from '#src/db/client';
import { type ChannelListener, listenChannel } from '#src/db/listen-channel';
import type { SiteContentStore } from './site-content-store';

/** The NOTIFY channel; any constant every process of this app shares. */
export const CONTENT_CHANNEL = 'store_site_content';

/** How long a process waits before listening again after its connection failed (its poll covers it). */
const RELISTEN_MS = 5_000;

/**
 * Inside the edit's transaction: PostgreSQL delivers it when (and only if) the transaction commits,
 * so no process is told of an edit that was rolled back, nor before it can read it.
 */
export async function notifyContentEdited(tx: Pick<Database, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
}

/** For each serving process on PostgreSQL: every edit (and every missed one) makes the next read check. */
export function listenForContentEdits(
  pool: Pool,
  store: Pick<SiteContentStore, 'invalidate'>,
  logger: Pick<Logger, 'warn'>,
): ChannelListener {
  return listenChannel({
    pool,
    channel: CONTENT_CHANNEL,
    onNotify: store.invalidate,
    // Edits made while nobody listened were never heard.
    onListening: store.invalidate,
    retryMs: RELISTEN_MS,
    failure: 'site content LISTEN failed; listening again soon, pages follow edits at their bounded check meanwhile',
    logger,
  });
}
