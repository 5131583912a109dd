/**
 * Check-in at the door (packages/shared/src/check-in-sync.ts):
 *   POST /api/staff/sessions/:id/check-ins/sync  checkIn (a volunteer: their center's sessions)
 *        checkInSyncRequestSchema -> 200 checkInSyncResponseSchema | 400 | 403 other_center | 404
 *   GET  /api/staff/sessions/:id/check-ins       checkIn -> 200 checkInCountsSchema | 403 | 404
 * Both answers hold names or phones: no cache keeps them. Thousands of check-ins a morning are not
 * audited one by one; the log says each sync's session, device and counts, never a name.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { checkInCountsSchema, checkInSyncRequestSchema, checkInSyncResponseSchema } from '@store/shared/check-in-sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { centerScopeOf, type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { sessionInScope } from '#src/modules/tickets/session-in-scope';
import type { SiteSource } from '#src/site/site-source';
import { doorCounts } from './door-counts';
import { syncCheckIns } from './sync-check-ins';

export type CheckInRoutesOptions = { db: Database; siteSource: SiteSource; guard: StaffGuard };

const sessionParams = z.object({
  id: z.coerce.number('id must be a session number').int().positive().max(2_147_483_647),
});
const refusals = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const checkInRoutes: FastifyPluginAsyncZod<CheckInRoutesOptions> = async (app, { db, siteSource, guard }) => {
  const sessionFor = async (request: Parameters<typeof staffOf>[0], sessionId: number) => {
    const { site } = await siteSource.current();
    return sessionInScope(db, { sessionId, centerScope: centerScopeOf(staffOf(request)), site });
  };

  app.post(
    '/api/staff/sessions/:id/check-ins/sync',
    {
      schema: {
        tags: ['staff'],
        summary: "A door's check-ins, in the order made: each kept, a conflict or refused; then every door's",
        params: sessionParams,
        body: checkInSyncRequestSchema,
        response: { 200: checkInSyncResponseSchema, ...refusals },
      },
      preHandler: guard('checkIn'),
    },
    async (request, reply) => {
      const session = await sessionFor(request, request.params.id);
      const { response, counts } = await syncCheckIns(db, {
        sessionId: session.id,
        staffId: staffOf(request).id,
        request: request.body,
      });
      request.log.info({ sessionId: session.id, deviceId: request.body.deviceId, ...counts }, 'check-ins synced');
      reply.header('cache-control', 'no-store');
      return response;
    },
  );

  app.get(
    '/api/staff/sessions/:id/check-ins',
    {
      schema: {
        tags: ['staff'],
        summary: "A session's doors: checked in of registered, devices, conflicts, who has not arrived",
        params: sessionParams,
        response: { 200: checkInCountsSchema, ...refusals },
      },
      preHandler: guard('checkIn'),
    },
    async (request, reply) => {
      const session = await sessionFor(request, request.params.id);
      reply.header('cache-control', 'no-store');
      return doorCounts(db, session.id);
    },
  );
};
