/**
 * A signed-in donor's tax documents (issue 20), behind the session cookie:
 *   GET /api/account/receipts/:orderId.pdf           one of their own paid orders' receipt
 *   GET /api/account/statements                      their statements: each year and entity they gave to
 *   GET /api/account/statements/:year.pdf?entity=    their year-end statement from one entity for a
 *                                                    calendar year; without ?entity, the default one
 *                                                    (statement-entities.ts), as the URL always meant
 * "Their own": the account's orders and, once its e-mail is verified, the gifts made with that
 * e-mail while signed out (db/owned-by.ts). Anything else answers 404, as if it did not exist.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { entitySchema, type Site } from '@store/shared/site';
import { accountStatementPdfPath } from '@store/shared/tax-receipts';
import { accountStatementsSchema } from '@store/shared/year-end-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { ownedBy } from '#src/db/owned-by';
import { AppError } from '#src/errors/app-error';
import { requestLocale } from '#src/i18n/request-locale';
import type { ResolveAccountOwner } from '#src/lib/resolve-user-id';
import { sendPdf } from '#src/lib/send-pdf';
import { receiptPdf } from '#src/modules/checkout/receipt-pdf';
import { orders } from '#src/modules/ledger/index';
import type { SiteSource } from '#src/site/site-source';
import { DEFAULT_STATEMENT_ENTITY, entityOrder, statementEntity } from './statement-entities';
import { statementPdf } from './statement-pdf';
import { listStatementEntities } from './year-gifts';

export type AccountDocumentRoutesOptions = {
  db: Database;
  site: Site;
  /** The centers as edited now (issue 21): a receipt names its center and follows its country. */
  siteSource: SiteSource;
  signature: Uint8Array | null;
  resolveOwner: ResolveAccountOwner;
};

const pdfBody = z.string().describe('application/pdf');
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

const signInFirst = () => new AppError('unauthorized', 'Please log in to download your receipts and statements.');

export const accountDocumentRoutes: FastifyPluginAsyncZod<AccountDocumentRoutesOptions> = async (app, options) => {
  const { db, site, siteSource, signature, resolveOwner } = options;

  app.get(
    '/api/account/receipts/:orderId.pdf',
    {
      schema: {
        tags: ['account'],
        summary: "A signed-in donor's receipt for one of their paid orders, as a PDF",
        params: z.object({ orderId: z.uuid('orderId must be an order id (a UUID)') }),
        response: { 200: pdfBody, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await resolveOwner(request);
      if (!owner) throw signInFirst();
      const found = await receiptPdf(db, {
        site: (await siteSource.current()).site,
        signature,
        orderId: request.params.orderId,
        visibleTo: ownedBy(owner, orders.userId, orders.email),
      });
      if (!found) throw new AppError('not_found', 'No receipt of yours has this order id.');
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );

  app.get(
    '/api/account/statements',
    {
      schema: {
        tags: ['account'],
        summary: "A signed-in donor's year-end statements: one per calendar year and legal entity they gave to",
        response: { 200: accountStatementsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const owner = await resolveOwner(request);
      if (!owner) throw signInFirst();
      const current = (await siteSource.current()).site;
      const found = await listStatementEntities(db, owner, site.foundation.timeZone);
      const years = [...new Set(found.map((s) => s.year))];
      return {
        statements: years.flatMap((year) =>
          entityOrder(
            current,
            found.filter((s) => s.year === year).map((s) => s.entityKey),
          ).map((key) => {
            const entity = statementEntity(current, key);
            return {
              year,
              from: { key, issuer: entity.issuer.name, currency: entity.currency },
              // The US foundation's keeps the address it always had.
              pdf: accountStatementPdfPath(year, key === DEFAULT_STATEMENT_ENTITY ? undefined : key),
            };
          }),
        ),
      };
    },
  );

  app.get(
    '/api/account/statements/:year.pdf',
    {
      schema: {
        tags: ['account'],
        summary: "A signed-in donor's year-end giving statement from one legal entity for a calendar year, as a PDF",
        params: z.object({ year: z.coerce.number('year must be a year such as 2026').int().min(2000).max(2100) }),
        querystring: z.object({
          entity: entitySchema.shape.key
            .optional()
            .describe("The legal entity's key ('ca'); unset, the US foundation's statement, or the donor's only one"),
        }),
        response: { 200: pdfBody, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await resolveOwner(request);
      if (!owner) throw signInFirst();
      const { year } = request.params;
      const { entity } = request.query;
      // In the language of the page the donor downloads it from (their dashboard's).
      const locale = requestLocale(request);
      const found = await statementPdf(db, (await siteSource.current()).site, { owner }, year, { entity, locale });
      if (found.giftCount === 0) {
        throw new AppError(
          'not_found',
          entity ? `You have no ${year} statement from "${entity}".` : `You made no gifts in ${year}.`,
        );
      }
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );
};
