/**
 * Employer matching in the back office (calls in packages/shared/src/matching.ts): the
 * gifts flagged for matching, and marking one matched with the employer's payment. Owners and
 * treasurers, who record offline gifts (`moveMoney`); every mark is in the audit log.
 */
import type { Currency } from '@store/shared/currencies';
import {
  markMatchedRequestSchema,
  matchingGiftSchema,
  matchingPageSchema,
  matchingQuerySchema,
} from '@store/shared/matching';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import { offlineGiftDatesNow } from '#src/modules/offline-gifts/offline-gift-dates-now';
import { decodeCursor } from '#src/modules/report/cursor';
import { auditActor } from '#src/modules/staff/audit';
import type { StaffGuard } from '#src/modules/staff/require-staff';
import { staffErrorResponses } from '#src/modules/staff/staff-error-responses';
import { listMatchingGifts } from './list-matching-gifts';
import { markMatched } from './mark-matched';

export type MatchingRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  /** Receipt numbering as the entities now stand. */
  receipts: () => Promise<ReceiptSettings>;
  /** The foundation's zone: the tax year a payment falls in. */
  timeZone: string;
  openTaxYears: number;
  homeCurrency: Currency;
};

export const matchingRoutes: FastifyPluginAsyncZod<MatchingRoutesOptions> = async (app, options) => {
  const { db, guard, receipts, timeZone, openTaxYears, homeCurrency } = options;

  app.get(
    '/api/staff/matching',
    {
      schema: {
        tags: ['staff'],
        summary: 'Paid gifts whose donor’s employer matches gifts, newest first, awaiting or matched',
        querystring: matchingQuerySchema,
        response: { 200: matchingPageSchema, ...staffErrorResponses },
      },
      preHandler: guard('moveMoney'),
    },
    async (request) => {
      const { status, cursor } = request.query;
      // Before any query: a cursor no page made is the client's mistake (400 naming `cursor`).
      const after = cursor ? decodeCursor(cursor) : undefined;
      return listMatchingGifts(db, { status, after });
    },
  );

  app.post(
    '/api/staff/matching/:orderId/match',
    {
      schema: {
        tags: ['staff'],
        summary: 'Record the employer’s payment matching a gift, as an offline gift linked to it (once: 409 after)',
        params: z.object({ orderId: z.uuid('orderId must be an order id (a UUID)') }),
        body: markMatchedRequestSchema,
        response: { 201: matchingGiftSchema, ...staffErrorResponses },
      },
      preHandler: guard('moveMoney'),
    },
    async (request, reply) => {
      const { orderId } = request.params;
      await markMatched({
        db,
        orderId,
        input: request.body,
        actor: auditActor(request),
        receipts: await receipts(),
        dates: offlineGiftDatesNow(timeZone, openTaxYears),
        homeCurrency,
      });
      const [row] = (await listMatchingGifts(db, { orderId })).gifts;
      if (!row) throw new Error(`matched gift ${orderId} cannot be read`);
      return reply.code(201).send(row);
    },
  );
};
