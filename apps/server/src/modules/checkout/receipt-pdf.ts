/**
 * An order's current receipt as a PDF, for a download (issue 20): the donor's from /dashboard, an
 * administrator's from the report. The current receipt is the latest correction's when the order
 * has one (a refund), else the first. Only paid orders have receipts.
 */
import type { Site } from '@store/shared/site';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders, receiptCorrections } from '#src/modules/ledger/index';
import { renderTaxDocumentPdfOffThread } from '#src/modules/receipts/pdf/render-off-thread';
import { renderReceipt } from './receipt';

export type ReceiptPdf = { pdf: Buffer; fileName: string };

/** Null when there is no such paid order (or `visibleTo` does not own it). */
export async function receiptPdf(
  db: Database,
  options: { site: Site; signature: Uint8Array | null; orderId: string; visibleTo?: SQL | undefined },
): Promise<ReceiptPdf | null> {
  const { site, signature, orderId, visibleTo } = options;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'succeeded'), visibleTo));
  if (!order) return null;
  const [correction] = await db
    .select()
    .from(receiptCorrections)
    .where(eq(receiptCorrections.orderId, order.id))
    .orderBy(desc(receiptCorrections.version))
    .limit(1);
  const { document, fileName } = renderReceipt({ order, site, signature, correction });
  return { pdf: await renderTaxDocumentPdfOffThread(document), fileName };
}
