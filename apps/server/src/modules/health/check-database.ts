import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';

/** Long enough for a busy database, short enough for a load balancer's probe (they time out at ~5 s). */
const TIMEOUT_MS = 2_000;

/** Resolves when the database answers `select 1`; rejects on failure or after the timeout. */
export async function checkDatabase(db: Database, timeoutMs = TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`select 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
