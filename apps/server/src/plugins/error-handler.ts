/**
 * The single error handler: every failure, whoever raised it, leaves as `{ error: { code, message, fields? } }`.
 * Set on the root instance so that every module (an encapsulated plugin) inherits it.
 */
import type { FastifyInstance } from 'fastify';
import { toErrorResponse } from '../errors/to-error-response';

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body, unexpected } = toErrorResponse(error);
    if (unexpected) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.error.code, status }, body.error.message);
    }
    return reply.status(status).send(body);
  });
}
