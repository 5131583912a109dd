/**
 * The year-end statement e-mail for the mail worker (mail/render.ts), by year_end_statements.id:
 * the statement in the e-mail's two bodies with its PDF attached, one e-mail per entity's statement
 * (each from its own issuer, under a subject that names it). Written when sent, from the gifts as
 * they are then, so a statement always agrees with the receipts. In the donor's language
 * (donor-locale.ts), the statement's legal sentences in English with their translation after them.
 */
import { inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { serverI18n } from '#src/i18n/server-i18n';
import { isUuid } from '#src/lib/uuid';
import { headerValue } from '#src/modules/mail/outbox';
import type { MailRenderer, RenderedMail } from '#src/modules/mail/render';
import { taxDocumentHtml, taxDocumentText } from '#src/modules/receipts/tax-document-email';
import type { SiteSource } from '#src/site/site-source';
import { donorLocale } from './donor-locale';
import { DEFAULT_STATEMENT_ENTITY } from './statement-entities';
import { statementPdf } from './statement-pdf';
import { yearEndStatements } from './tables';

/** `siteSource`: the entities as the owner edits them, each statement's issuer. */
export function createStatementRenderer({ db, siteSource }: { db: Database; siteSource: SiteSource }): MailRenderer {
  return async (statementIds) => {
    const ids = statementIds.filter(isUuid);
    if (ids.length === 0) return new Map();
    const { site } = await siteSource.current();
    const rows = await db.select().from(yearEndStatements).where(inArray(yearEndStatements.id, ids));
    const rendered = new Map<string, RenderedMail>();
    for (const row of rows) {
      const locale = await donorLocale(db, row.email);
      const i18n = serverI18n(locale);
      const { document, pdf, fileName, giftCount, entity } = await statementPdf(
        db,
        site,
        { email: row.email },
        row.year,
        { issuedAt: row.createdAt, entity: row.entityKey, locale },
      );
      // Its gifts were refunded away or the orders deleted since: nothing to send, so no message.
      if (giftCount === 0) continue;
      const greetingName = document.facts[0]?.value || i18n._('friend');
      // The US foundation's e-mail reads as it always has; another entity's names that entity and its
      // currency in the subject and the opening, so a donor with two statements of a year tells the
      // e-mails apart.
      const fromUs = entity.key === DEFAULT_STATEMENT_ENTITY;
      const from = fromUs ? site.foundation.name : `${entity.issuer.name} (${entity.currency})`;
      // The year as a word, not a number: 2026, never "2,026".
      const year = String(row.year);
      const frame = {
        greetingName,
        opening: fromUs
          ? i18n._(
              'Thank you for your generosity in {year}. Here is your giving statement for the year; a PDF copy is attached for your tax records.',
              { year },
            )
          : i18n._(
              "Thank you for your generosity in {year}. Here is your giving statement for the year from {issuer}, for your gifts to it in {currency}; a PDF copy is attached for your tax records. Gifts to the foundation's other charities are on statements of their own.",
              { year, issuer: entity.issuer.name, currency: entity.currency },
            ),
      };
      rendered.set(row.id, {
        to: headerValue(row.email),
        subject: headerValue(i18n._('Your {year} giving statement from {from}', { year, from })),
        html: taxDocumentHtml(document, frame),
        text: taxDocumentText(document, frame),
        attachments: [{ fileName, contentType: 'application/pdf', content: pdf }],
      });
    }
    return rendered;
  };
}
