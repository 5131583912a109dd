/**
 * The back office's report keys (the calls are listed in packages/shared/src/report-keys.ts). A key
 * is made only by a member who may read the whole report (owners, treasurers), in a fully signed-in
 * session: for those roles that means after the second factor.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  createdReportKeySchema,
  createReportKeyRequestSchema,
  reportKeyListSchema,
  reportKeySchema,
} from '@store/shared/report-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { auditActor } from './audit';
import { createOwnReportKey, listVisibleReportKeys, revokeReportKey } from './report-keys';
import { type StaffGuard, staffOf } from './require-staff';

export type ReportKeyRoutesOptions = { db: Database; guard: StaffGuard };

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const reportKeyRoutes: FastifyPluginAsyncZod<ReportKeyRoutesOptions> = async (app, { db, guard }) => {
  app.get(
    '/api/staff/report-keys',
    {
      schema: {
        tags: ['staff'],
        summary: "The member's report keys (an owner: every member's), never the keys themselves",
        response: { 200: reportKeyListSchema, ...errors },
      },
      preHandler: guard(),
    },
    async (request) => ({ keys: await listVisibleReportKeys(db, staffOf(request)) }),
  );

  app.post(
    '/api/staff/report-keys',
    {
      schema: {
        tags: ['staff'],
        summary: 'Make a report key for yourself; the answer is the only time the key is shown',
        body: createReportKeyRequestSchema,
        response: { 201: createdReportKeySchema, ...errors },
      },
      preHandler: guard('readAllOrders'),
    },
    async (request, reply) => {
      const created = await createOwnReportKey(db, staffOf(request), request.body.label, auditActor(request));
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api/staff/report-keys/:id/revoke',
    {
      schema: {
        tags: ['staff'],
        summary: 'Revoke a report key: refused from the next request on',
        params: z.object({ id: z.uuid('must be a report key id') }),
        response: { 200: reportKeySchema, ...errors },
      },
      preHandler: guard(),
    },
    async (request) => revokeReportKey(db, staffOf(request), request.params.id, auditActor(request)),
  );
};
