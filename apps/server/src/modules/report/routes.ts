/**
 * The administrators' payment report (SPEC.md §2 /report, §7; DESIGN.md "HTTP surface"):
 *   GET /api/report-data      a page of donors (newest first, cursor), the hosts, sums for the filter
 *   GET /api/report-data.csv  every filtered donor row as a streamed CSV download; with
 *                             `table=hosts`, every filtered event registrant instead
 *   GET /api/report/receipts/:orderId.pdf  any paid order's current receipt as a PDF (issue 20)
 * Both behind the admin guard (Basic authentication) and answered `no-store`: they are private.
 */
import { Readable } from 'node:stream';
import { apiErrorSchema } from '@store/shared/api-error';
import { reportQuerySchema, reportResponseSchema } from '@store/shared/report';
import type { Site } from '@store/shared/site';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { sendPdf } from '#src/lib/send-pdf';
import { receiptPdf } from '#src/modules/checkout/receipt-pdf';
import type { SiteSource } from '#src/site/site-source';
import { csvExport, csvFileName } from './csv-export';
import { decodeCursor } from './cursor';
import { getReport } from './get-report';
import { hostsCsvExport } from './hosts-csv-export';
import { checkReportFilter } from './report-filter';

export type ReportRoutesOptions = {
  db: Database;
  site: Site;
  /** The centers as edited now (issue 21): a receipt names its center and follows its country. */
  siteSource: SiteSource;
  /** Picks how the CSV is written: COPY on PostgreSQL, keyset pages on PGlite (csv-export.ts). */
  databaseKind: DatabaseConfig['kind'];
  /** The admin guard (modules/admins/require-admin.ts): refuses with 401 / 429 by throwing. */
  preHandler: preHandlerAsyncHookHandler;
  /** The CRA receipts' signature image (receipts/signature-image.ts). */
  signature: Uint8Array | null;
};

const csvBodySchema = z
  .string()
  .describe('CSV: a header line, then one line per succeeded order (or per registrant with table=hosts)');

/** The CSV takes the page's query, and which of the report's tables to write (donors unless told). */
export const REPORT_CSV_TABLES = ['donors', 'hosts'] as const;
const reportCsvQuerySchema = reportQuerySchema.safeExtend({
  table: z.enum(REPORT_CSV_TABLES).default('donors'),
});
const errorResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };

export const reportRoutes: FastifyPluginAsyncZod<ReportRoutesOptions> = async (app, options) => {
  const { db, site, siteSource, databaseKind, preHandler, signature } = options;
  const timeZone = site.foundation.timeZone;
  const { homeCurrency } = site.exchangeRates;
  // Centers as staff edit them now: a session stores its center's id, the report shows its name.
  const centerNames = async () => {
    const { centers } = (await siteSource.current()).site;
    return (id: number) => centers.find((center) => center.id === id)?.name;
  };

  app.get(
    '/api/report/receipts/:orderId.pdf',
    {
      schema: {
        tags: ['report'],
        summary: "A paid order's current receipt (the latest correction's, after a refund) as a PDF",
        params: z.object({ orderId: z.uuid('orderId must be an order id (a UUID)') }),
        response: { 200: z.string().describe('application/pdf'), ...errorResponses, 404: apiErrorSchema },
      },
      preHandler,
    },
    async (request, reply) => {
      const found = await receiptPdf(db, {
        site: (await siteSource.current()).site,
        signature,
        orderId: request.params.orderId,
      });
      if (!found) throw new AppError('not_found', 'No paid order has this id.');
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );

  app.get(
    '/api/report-data',
    {
      schema: {
        tags: ['report'],
        summary: 'Succeeded orders (a page, newest first), hosts, and totals per day and center for the filter',
        querystring: reportQuerySchema,
        response: { 200: reportResponseSchema, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getReport({ db, query: request.query, timeZone, centerName: await centerNames(), homeCurrency });
    },
  );

  app.get(
    '/api/report-data.csv',
    {
      schema: {
        tags: ['report'],
        summary:
          'Every succeeded order (or, with table=hosts, every event registrant) of the filter as CSV (UTF-8 with BOM, CRLF), streamed; no paging',
        // The page's query; `cursor` and `limit` are accepted and ignored (the file has every row).
        querystring: reportCsvQuerySchema,
        response: { 200: csvBodySchema, ...errorResponses },
      },
      preHandler,
    },
    async (request, reply) => {
      const { from, to, center, q, table, cursor } = request.query;
      const filter = { from, to, center, q };
      checkReportFilter(filter);
      // The file has every row, so the cursor is ignored; but one no report page made is refused,
      // here, before the download's first byte: a stream cannot turn into a 400 later.
      if (cursor) decodeCursor(cursor);
      const hosts = table === 'hosts';
      const fileName = csvFileName(filter, timeZone, hosts ? 'event-registrations' : 'payment-report');
      reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`);
      // Pulled as the socket drains (backpressure); a client that goes away destroys the stream,
      // which returns the generator and so ends the query (copy-export.ts, keyset-export.ts).
      const rows = hosts
        ? hostsCsvExport({ db, filter, timeZone, centerName: await centerNames() })
        : csvExport({ db, databaseKind, filter, timeZone, homeCurrency });
      const body = Readable.from(rows, {
        objectMode: false,
        highWaterMark: 64 * 1024,
      });
      // Fastify pipes a stream as it is; the 200 schema only documents the body (it is never serialized).
      return reply.send(body as unknown as string);
    },
  );
};
