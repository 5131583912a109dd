/**
 * GET /api/admin/whoami: the cheapest guarded call, so a login form can check credentials before it
 * loads anything heavy (and tests can exercise the guard on its own).
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { adminOf, createAdminGuard, type ReportKeyUseRecorder } from './require-admin';

export const whoamiResponseSchema = z.object({ username: z.string() });

export type AdminRoutesOptions = { db: Database; onReportKeyUsed: ReportKeyUseRecorder };

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, onReportKeyUsed }) => {
  const requireAdmin = createAdminGuard({ db, logger: app.log, onReportKeyUsed });

  app.get(
    '/api/admin/whoami',
    {
      schema: {
        tags: ['admin'],
        summary: 'The administrator these Basic credentials belong to',
        response: { 200: whoamiResponseSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
      preHandler: requireAdmin,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { username: adminOf(request).username };
    },
  );
};
