/**
 * The HTTP server of a `worker` process (ROLE=worker): only GET /healthz, /healthz/live and
 * /healthz/ready, so the image's one HEALTHCHECK and an orchestrator's probes work for every role.
 * Everything else is a 404; the worker serves no page and no API.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import { healthRoutes } from '#src/modules/health/routes';
import { frameworkErrors, installErrorHandler } from '#src/plugins/error-handler';

export type BuildHealthAppOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  shuttingDown: () => boolean;
};

export async function buildHealthApp({ db, logger, shuttingDown }: BuildHealthAppOptions): Promise<FastifyInstance> {
  // Probes every few seconds would fill the log: no line per request here, errors still are.
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    requestTimeout: 30_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(healthRoutes, { db, shuttingDown });
  return app;
}
