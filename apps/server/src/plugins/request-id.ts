/**
 * Request ids: every request gets one, every log line of that request carries it (Fastify's `reqId`),
 * and the response returns it as `x-request-id` so a visitor's report can be matched to the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[\w.:-]{8,128}$/;

/**
 * Behind a trusted proxy the proxy's id is kept, so one id follows the request through both logs.
 * From anyone else an incoming id is ignored: it could forge or flood log correlations.
 */
export function requestIdGenerator(trustIncoming: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (trustIncoming && typeof incoming === 'string' && SAFE_ID.test(incoming)) return incoming;
    return randomUUID();
  };
}

export function installRequestIdHeader(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
