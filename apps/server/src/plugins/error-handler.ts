/**
 * The single error handler: every failure, whoever raised it, leaves as `{ error: { code, message, fields? } }`.
 * Set on the root instance so that every module (an encapsulated plugin) inherits it.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from '#src/errors/to-error-response';
import { discardRequestBody } from './discard-body';
import { DATA_ANSWER_HEADERS } from './security-headers';

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body, unexpected } = toErrorResponse(error);
  if (unexpected) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: body.error.code, status }, body.error.message);
  }
  return reply.status(status).send(body);
}

function isBodyTooLarge(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'FST_ERR_CTP_BODY_TOO_LARGE';
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error, request, reply) => {
    // The 413 must reach a client still sending its body: the rest is read first (discard-body.ts).
    if (isBodyTooLarge(error)) await discardRequestBody(request.raw);
    return sendError(error, request, reply);
  });
}

/** For the answers below: no hook has run, so neither have the security headers (security-headers.ts). */
const FRAMEWORK_ERROR_HEADERS = { ...DATA_ANSWER_HEADERS, 'cache-control': 'no-store' };

/**
 * Fastify's `frameworkErrors` option: the few requests Fastify refuses before any route or hook runs
 * (a URL with a broken %-escape, an over-long path parameter) would otherwise get Fastify's own body
 * `{ error: 'Bad Request', code: 'FST_ERR_BAD_URL', ... }`, not the API's error shape.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(FRAMEWORK_ERROR_HEADERS);
  sendError(error, request, reply);
}
