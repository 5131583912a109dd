/**
 * The back office's donors (issue 21; calls in packages/shared/src/staff.ts): the list with search,
 * one donor's page, and merging two records of one person. Owners and treasurers only.
 */
import { donorDetailSchema, donorPageSchema, donorQuerySchema, mergeDonorsRequestSchema } from '@store/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { auditActor } from '#src/modules/staff/audit';
import { type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { staffErrorResponses as errors } from '#src/modules/staff/staff-error-responses';
import { donorDetail, type MonthlyGiftsOf } from './donor-detail';
import { listDonors } from './list-donors';
import { mergeDonors } from './merge-donors';

export type DonorRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  timeZone: string;
  /** Issue 22: a donor's monthly gifts, for their page (staff-monthly-gifts; injected: see donor-detail.ts). */
  monthlyGiftsOf?: MonthlyGiftsOf;
};

export const donorRoutes: FastifyPluginAsyncZod<DonorRoutesOptions> = async (
  app,
  { db, guard, timeZone, monthlyGiftsOf },
) => {
  app.get(
    '/api/staff/donors',
    {
      schema: {
        tags: ['staff'],
        summary: 'Donors, alphabetical by e-mail; search by e-mail or name',
        querystring: donorQuerySchema,
        response: { 200: donorPageSchema, ...errors },
      },
      preHandler: guard('readDonors'),
    },
    async (request) => listDonors(db, { q: request.query.q || undefined, after: request.query.cursor }),
  );

  app.get(
    '/api/staff/donors/:email',
    {
      schema: {
        tags: ['staff'],
        summary: 'One donor: totals by year, gifts, registrations, merged addresses',
        params: z.object({ email: z.email('must be an e-mail address').max(254) }),
        response: { 200: donorDetailSchema, ...errors },
      },
      preHandler: guard('readDonors'),
    },
    async (request) => donorDetail(db, request.params.email, timeZone, monthlyGiftsOf),
  );

  app.post(
    '/api/staff/donors/merge',
    {
      schema: {
        tags: ['staff'],
        summary: 'Merge the record of `from` into `into` (every gift kept)',
        body: mergeDonorsRequestSchema,
        response: { 200: donorDetailSchema, ...errors },
      },
      preHandler: guard('moveMoney'),
    },
    async (request) => {
      const { primary } = await mergeDonors(db, {
        ...request.body,
        actor: auditActor(request),
        staffId: staffOf(request).id,
      });
      return donorDetail(db, primary, timeZone, monthlyGiftsOf);
    },
  );
};
