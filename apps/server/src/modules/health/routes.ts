/** GET /healthz for load balancers and uptime checks: is this process up, and can it reach its database? */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { checkDatabase } from './check-database';

const healthySchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const unhealthySchema = z.object({ status: z.literal('error'), database: z.literal('unreachable') });

export type HealthRoutesOptions = { db: Database };

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { db }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthySchema, 503: unhealthySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await checkDatabase(db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable' });
      }
    },
  );
};
