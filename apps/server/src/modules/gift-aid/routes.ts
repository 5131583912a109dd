/**
 * The quarter's UK Gift Aid claim in the back office (packages/shared/src/gift-aid-claim.ts): the
 * summary with its rows and the declarations to fix, and the same rows as HMRC's schedule (CSV).
 * Treasurers and owners: it lists donors' names and home addresses.
 */
import { giftAidClaimFileName, giftAidClaimQuerySchema, giftAidClaimSchema } from '@store/shared/gift-aid-claim';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import type { StaffGuard } from '#src/modules/staff/require-staff';
import { staffErrorResponses } from '#src/modules/staff/staff-error-responses';
import { buildGiftAidClaim } from './build-claim';
import { claimCsv } from './claim-csv';

export type GiftAidRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  /** The gateway moves no money (the sandbox): the claim is of its test gifts, and says so. */
  testStore: boolean;
};

export const giftAidRoutes: FastifyPluginAsyncZod<GiftAidRoutesOptions> = async (app, options) => {
  const { db, guard, testStore } = options;

  app.get(
    '/api/staff/gift-aid/claim',
    {
      schema: {
        tags: ['staff'],
        summary: "A quarter's Gift Aid claim: donations, total, the 25% claimable, rows and declarations to fix",
        querystring: giftAidClaimQuerySchema,
        response: { 200: giftAidClaimSchema, ...staffErrorResponses },
      },
      preHandler: guard('claimGiftAid'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return buildGiftAidClaim(db, request.query.quarter, testStore);
    },
  );

  app.get(
    '/api/staff/gift-aid/claim.csv',
    {
      schema: {
        tags: ['staff'],
        summary: "A quarter's Gift Aid claim as HMRC's Charities Online schedule (CSV, UTF-8 with BOM, CRLF)",
        querystring: giftAidClaimQuerySchema,
        response: { 200: z.string(), ...staffErrorResponses },
      },
      preHandler: guard('claimGiftAid'),
    },
    async (request, reply) => {
      const { quarter, rows } = await buildGiftAidClaim(db, request.query.quarter, testStore);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${giftAidClaimFileName(quarter)}"`)
        .send(claimCsv(rows));
    },
  );
};
