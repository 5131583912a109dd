/**
 * The receipts' renderers for the mail worker (mail/render.ts): the receipts of a batch of orders,
 * read in one query, written as renderReceipt writes them, each with its PDF attached (issue 20);
 * and the corrected or void receipts (RECEIPT_CORRECTION_KIND, by correction id). Registered at
 * start-up (src/mail-renderers.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { isUuid } from '#src/lib/uuid';
import { orders, receiptCorrections } from '#src/modules/ledger/index';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { renderTaxDocumentPdfOffThread } from '#src/modules/receipts/pdf/render-off-thread';
import type { SiteSource } from '#src/site/site-source';
import { type ReceiptOptions, type RenderedReceipt, renderReceipt } from './receipt';

/** `siteSource`: read per batch, so a receipt names its center (and country) as edited now (issue 21). */
export type ReceiptRendererOptions = {
  db: Database;
  siteSource: SiteSource;
  signature: Uint8Array | null;
  /** The "add your address" link of a gift whose CRA receipt waits for it (receipt-address-link.ts). */
  addressLink?: ((orderId: string) => string) | undefined;
  /** The donor's dashboard (absolute), named by the receipt of a monthly gift. */
  dashboardLink?: string | undefined;
};

/** The receipt e-mail with its PDF attached. */
export async function receiptMail(options: ReceiptOptions): Promise<RenderedMail> {
  const { document, fileName, ...mail }: RenderedReceipt = renderReceipt(options);
  const pdf = await renderTaxDocumentPdfOffThread(document);
  return { ...mail, attachments: [{ fileName, contentType: 'application/pdf', content: pdf }] };
}

/**
 * The receipt of an order: registered for RECEIPT_KIND (the settlement's) and OFFICIAL_RECEIPT_KIND
 * (the official one issued when the address was added); each writes the order as it is now.
 */
export function createReceiptRenderer({
  db,
  siteSource,
  signature,
  addressLink,
  dashboardLink,
}: ReceiptRendererOptions): MailRenderer {
  return async (orderIds) => {
    const ids = orderIds.filter(isUuid); // An outbox row's subject id is free text.
    if (ids.length === 0) return new Map();
    const { site } = await siteSource.current();
    const rows = await db.select().from(orders).where(inArray(orders.id, ids));
    const rendered = await Promise.all(
      rows.map(
        async (order) =>
          [
            order.id,
            await receiptMail({ order, site, signature, addressLink: addressLink?.(order.id), dashboardLink }),
          ] as const,
      ),
    );
    return new Map(rendered);
  };
}

export function createReceiptCorrectionRenderer({ db, siteSource, signature }: ReceiptRendererOptions): MailRenderer {
  return async (correctionIds) => {
    const ids = correctionIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const { site } = await siteSource.current();
    const rows = await db
      .select({ correction: receiptCorrections, order: orders })
      .from(receiptCorrections)
      .innerJoin(orders, eq(orders.id, receiptCorrections.orderId))
      .where(inArray(receiptCorrections.id, ids));
    const rendered = await Promise.all(
      rows.map(
        async ({ correction, order }) =>
          [correction.id, await receiptMail({ order, site, signature, correction })] as const,
      ),
    );
    return new Map(rendered);
  };
}
