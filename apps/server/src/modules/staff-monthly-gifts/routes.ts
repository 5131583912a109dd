/**
 * GET /api/staff/monthly-gifts (issue 22; packages/shared/src/staff-monthly-gifts.ts): the summary
 * and a page of gifts. Owners and treasurers read every center; a volunteer their own center's, the
 * summary included; an editor is refused. Its own module: it reads monthly giving's table and the
 * report's page cursor, and neither of those modules may depend on the back office.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { staffMonthlyGiftPageSchema, staffMonthlyGiftQuerySchema } from '@store/shared/staff-monthly-gifts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import { monthlyGivingSummary } from '#src/modules/monthly-giving/summary';
import { decodeCursor } from '#src/modules/report/cursor';
import { centerScopeOf, type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { listStaffMonthlyGifts } from './list-staff-monthly-gifts';

export type StaffMonthlyGiftRoutesOptions = { db: Database; guard: StaffGuard };

export const staffMonthlyGiftRoutes: FastifyPluginAsyncZod<StaffMonthlyGiftRoutesOptions> = async (
  app,
  { db, guard },
) => {
  app.get(
    '/api/staff/monthly-gifts',
    {
      schema: {
        tags: ['staff'],
        summary: 'Monthly gifts, newest first, with their summary; a volunteer sees their own center only',
        querystring: staffMonthlyGiftQuerySchema,
        response: { 200: staffMonthlyGiftPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preHandler: guard('readMonthlyGifts'),
    },
    async (request) => {
      const { status, q, cursor } = request.query;
      // Before any query: a cursor no page made is the client's mistake (400 naming `cursor`).
      const after = cursor ? decodeCursor(cursor) : undefined;
      const centerScope = centerScopeOf(staffOf(request));
      const [summary, page] = await Promise.all([
        monthlyGivingSummary(db, { centerId: centerScope }),
        listStaffMonthlyGifts(db, { status, q: q || undefined, after, centerScope }),
      ]);
      return { summary, ...page };
    },
  );
};
