/**
 * One log line per request, written when the answer has gone out: request id, method, URL (secrets
 * masked by the logger's `req` serializer), status and time. Fastify's own request logging writes two
 * lines per request (incoming, completed), and the second says nothing the first does not. This is
 * Fastify's log controller with those two lines replaced; its other lines (a stream that failed, a
 * route not found by Fastify itself) are kept.
 *
 * The line is the hottest thing the server logs, so it is cheap (bench/BENCHMARKS.md "API
 * throughput"): no hook of its own (Fastify calls the controller when the response has finished) and
 * no redaction pass, since every field is built here (logger.ts, `unredacted`).
 */
import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { unredacted } from '#src/logger';

export class RequestLog extends LogController {
  readonly #accessLog: FastifyBaseLogger;

  constructor(logger: FastifyBaseLogger) {
    super();
    this.#accessLog = unredacted(logger);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) {
      // Rare, and an error may carry anything: through the request's redacting logger.
      request.log.error({ ...fields, err: error }, 'request errored');
      return;
    }
    // The request's own logger carries the id as a binding; this one is told it (as `reqId`).
    this.#accessLog.info({ [this.requestIdLogLabel]: request.id, ...fields }, 'request completed');
  }
}
