/** Whether an entity has taken any gift: from then on its series, currency and rules are settled. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';

/** Any order at all, pending or failed too: a pending one is settled in the series it was priced under. */
export async function entityHasGifts(db: Pick<Database, 'select'>, entityKey: string): Promise<boolean> {
  const rows = await db.select({ one: sql<number>`1` }).from(orders).where(eq(orders.entityKey, entityKey)).limit(1);
  return rows.length > 0;
}
