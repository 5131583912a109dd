/**
 * GET /api/staff/registrations (issue 21): owners and treasurers read all; a volunteer their center's
 * sessions' and region's.
 * Its own module: it reads the registrations' tables and the report's page cursor, and neither of
 * those modules may depend on the back office.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { Center } from '@store/shared/site';
import { staffRegistrationPageSchema } from '@store/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { centerScopeOf, type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { centerRegion } from './center-region';
import { listStaffRegistrations } from './list-staff-registrations';

export type StaffRegistrationRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  centers: () => Promise<readonly Center[]>;
};

/** A region no registrant has: a volunteer whose center has no region in its address sees nothing. */
const NO_REGION = '--';

export const staffRegistrationRoutes: FastifyPluginAsyncZod<StaffRegistrationRoutesOptions> = async (
  app,
  { db, guard, centers },
) => {
  app.get(
    '/api/staff/registrations',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Event registrations with their session and status, newest first (a volunteer: their center’s sessions and state or province)',
        querystring: z.object({
          cursor: z.string().max(200, 'must be a nextCursor from a registrations page').optional(),
        }),
        response: { 200: staffRegistrationPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
      preHandler: guard('readOrders'),
    },
    async (request) => {
      const scope = centerScopeOf(staffOf(request));
      const list = await centers();
      const region =
        scope === undefined
          ? undefined
          : (centerRegion(list.find((center) => center.id === scope)?.address) ?? NO_REGION);
      return listStaffRegistrations(db, {
        cursor: request.query.cursor,
        region,
        centerId: scope,
        centerName: (id) => list.find((center) => center.id === id)?.name,
      });
    },
  );
};
