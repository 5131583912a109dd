/**
 * The receipt's renderer for the mail worker (mail/render.ts): the receipts of a batch of orders,
 * read in one query, written as renderReceipt writes them. Registered for RECEIPT_KIND at start-up
 * (src/mail-renderers.ts).
 */
import type { Site } from '@store/shared/site';
import { inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import type { MailRenderer } from '#src/modules/mail/render';
import { renderReceipt } from './receipt';
import { orders } from './tables';

export function createReceiptRenderer({ db, site }: { db: Database; site: Site }): MailRenderer {
  return async (orderIds) => {
    const ids = orderIds.filter(isUuid); // An outbox row's subject id is free text.
    if (ids.length === 0) return new Map();
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    return new Map(rows.map((order) => [order.id, renderReceipt({ order, site })]));
  };
}
