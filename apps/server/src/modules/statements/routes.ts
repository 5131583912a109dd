/**
 * A signed-in donor's tax documents (issue 20), behind the session cookie:
 *   GET /api/account/receipts/:orderId.pdf   one of their own paid orders' receipt
 *   GET /api/account/statements/:year.pdf    their year-end statement for a calendar year
 * "Their own": the account's orders and, once its e-mail is verified, the gifts made with that
 * e-mail while signed out (db/owned-by.ts). Anything else answers 404, as if it did not exist.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { Site } from '@store/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { ownedBy } from '#src/db/owned-by';
import { AppError } from '#src/errors/app-error';
import type { ResolveAccountOwner } from '#src/lib/resolve-user-id';
import { sendPdf } from '#src/lib/send-pdf';
import { receiptPdf } from '#src/modules/checkout/receipt-pdf';
import { orders } from '#src/modules/ledger/index';
import type { SiteSource } from '#src/site/site-source';
import { statementPdf } from './statement-pdf';

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
    '/api/account/statements/:year.pdf',
    {
      schema: {
        tags: ['account'],
        summary: "A signed-in donor's year-end giving statement for a calendar year, as a PDF",
        params: z.object({ year: z.coerce.number('year must be a year such as 2026').int().min(2000).max(2100) }),
        response: { 200: pdfBody, ...errors },
      },
    },
    async (request, reply) => {
      const owner = await resolveOwner(request);
      if (!owner) throw signInFirst();
      const { year } = request.params;
      const found = await statementPdf(db, site, { owner }, year);
      if (found.giftCount === 0) throw new AppError('not_found', `You made no gifts in ${year}.`);
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );
};
