/**
 * Health for load balancers, orchestrators and uptime checks (docs/operations.md "Health"):
 *  - GET /healthz/live: the process is up and answering (never touches the database: a database
 *    outage must not make an orchestrator restart every replica);
 *  - GET /healthz/ready: send it traffic: database reachable, migrations applied, not shutting down;
 *  - GET /healthz: is this process up, and can it reach its database (kept as it was).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { checkDatabase } from './check-database';
import { checkReadiness, isReady } from './check-readiness';

const healthySchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
const unhealthySchema = z.object({ status: z.literal('error'), database: z.literal('unreachable') });
const liveSchema = z.object({ status: z.literal('ok') });
const readinessFields = {
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  shuttingDown: z.boolean(),
};
const readySchema = z.object({ status: z.literal('ok'), ...readinessFields });
const notReadySchema = z.object({ status: z.literal('error'), ...readinessFields });

export type HealthRoutesOptions = {
  db: Database;
  /** True once the process began shutting down (main.ts); unset: never. */
  shuttingDown?: (() => boolean) | undefined;
};

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, options) => {
  const { db, shuttingDown = () => false } = options;
  // Probes must always see the answer of now.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

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
      try {
        await checkDatabase(db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'error', database: 'unreachable' });
      }
    },
  );

  app.get(
    '/healthz/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (the database is not asked)',
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/healthz/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: database reachable, migrations applied, not shutting down',
        response: { 200: readySchema, 503: notReadySchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness(db, shuttingDown, (error) =>
        request.log.error({ err: error }, 'readiness check: database unreachable'),
      );
      if (isReady(readiness)) return { status: 'ok' as const, ...readiness };
      return reply.code(503).send({ status: 'error', ...readiness });
    },
  );
};
