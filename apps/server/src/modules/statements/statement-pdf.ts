/** A donor's statement for a year as a PDF, and the name it is saved under. */
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { renderTaxDocumentPdfOffThread } from '#src/modules/receipts/pdf/render-off-thread';
import type { StatementDocument } from '#src/modules/receipts/tax-document';
import { buildStatementDocument } from './statement-document';
import { type Giver, listYearGifts } from './year-gifts';

export type StatementPdf = { document: StatementDocument; pdf: Buffer; fileName: string; giftCount: number };

export async function statementPdf(
  db: Database,
  site: Site,
  giver: Giver,
  year: number,
  issuedAt = new Date(),
): Promise<StatementPdf> {
  const gifts = await listYearGifts(db, giver, year, site.foundation.timeZone);
  const document = buildStatementDocument({ year, gifts, site, issuedAt });
  return {
    document,
    pdf: await renderTaxDocumentPdfOffThread(document),
    fileName: `giving-statement-${year}.pdf`,
    giftCount: gifts.length,
  };
}
