/**
 * A donor's statement for a year from one entity as a PDF, and the name it is saved under; in the
 * donor's language when `locale` is given (its legal sentences in English with their translation).
 */
import type { Locale } from '@store/shared/i18n/locales';
import type { Site } from '@store/shared/site';
import type { Database } from '#src/db/client';
import { renderTaxDocumentPdfOffThread } from '#src/modules/receipts/pdf/render-off-thread';
import type { StatementDocument } from '#src/modules/receipts/tax-document';
import { buildStatementDocument } from './statement-document';
import {
  DEFAULT_STATEMENT_ENTITY,
  defaultStatementEntity,
  giftsByEntity,
  type StatementEntity,
  statementEntity,
  statementFileName,
} from './statement-entities';
import { type Giver, listYearGifts } from './year-gifts';

export type StatementPdf = {
  document: StatementDocument;
  pdf: Buffer;
  fileName: string;
  /** The entity's gifts on it: 0 when the donor gave that entity nothing that year (no statement). */
  giftCount: number;
  entity: StatementEntity;
};

export type StatementPdfOptions = {
  /** When the statement is made (its 'Issued on' date); now by default. */
  issuedAt?: Date;
  /** The entity's key; unset, the donor's default statement of the year (statement-entities.ts). */
  entity?: string | undefined;
  /** The donor's language; unset, English. */
  locale?: Locale | undefined;
};

export async function statementPdf(
  db: Database,
  site: Site,
  giver: Giver,
  year: number,
  { issuedAt = new Date(), entity, locale }: StatementPdfOptions = {},
): Promise<StatementPdf> {
  const byEntity = giftsByEntity(site, await listYearGifts(db, giver, year, site.foundation.timeZone));
  const key = entity ?? defaultStatementEntity(byEntity.map((e) => e.entityKey)) ?? DEFAULT_STATEMENT_ENTITY;
  const gifts = byEntity.find((e) => e.entityKey === key)?.gifts ?? [];
  const from = statementEntity(site, key, gifts);
  const document = buildStatementDocument({ year, gifts, site, issuedAt, entity: from, locale });
  return {
    document,
    pdf: await renderTaxDocumentPdfOffThread(document),
    fileName: statementFileName(year, from),
    giftCount: gifts.length,
    entity: from,
  };
}
