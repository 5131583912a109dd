/**
 * `GET /metrics` for Prometheus, and the hooks that feed it. Installed on the root instance by
 * app.ts only when METRICS_TOKEN is set; otherwise no hook runs and /metrics is a JSON 404 (installMetricsOff).
 *
 * The scrape needs the token: `Authorization: Bearer <METRICS_TOKEN>`, or Basic auth with the token
 * as the password (Prometheus' `authorization` and `basic_auth` settings both work). Anything else
 * is a 401: the figures say how much the store takes and when.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#src/errors/app-error';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import { CHECKOUT_PATH } from '#src/modules/checkout/routes';
import type { CheckoutOutcome, StoreMetrics } from './create-metrics';

export const METRICS_PATH = '/metrics';

/** A request no route matched (Fastify's not-found handling): one label, whatever the URL was. */
const UNMATCHED_ROUTE = '(unmatched)';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The credential the request shows, from a Bearer or a Basic header (Basic's password). */
function presentedToken(header: string | undefined): string | undefined {
  const match = /^(Bearer|Basic)\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match?.[1] || !match[2]) return undefined;
  if (match[1].toLowerCase() === 'bearer') return match[2];
  const decoded = Buffer.from(match[2], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

/** What the donor was answered, from the status the checkout route sent. */
function checkoutOutcome(reply: FastifyReply): CheckoutOutcome {
  const status = reply.statusCode;
  if ((status === 200 || status === 402) && reply.getHeader(IDEMPOTENT_REPLAYED_HEADER) === 'true') return 'replayed';
  if (status === 200) return 'succeeded';
  if (status === 402) return 'declined';
  if (status === 503) return 'unconfirmed';
  if (status === 409) return 'in_progress';
  if (status === 429) return 'rate_limited';
  if (status === 403) return 'captcha_refused';
  if (status === 400 || status === 422) return 'invalid';
  return 'error';
}

const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

/**
 * Metrics off: `/metrics` is a JSON 404, as for an API path, rather than the web app's page (which
 * answers any other unknown path with index.html and 200, and would look like a broken scrape).
 */
export function installMetricsOff(app: FastifyInstance): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async () => {
    throw new AppError('not_found', 'Metrics are off: set METRICS_TOKEN to serve them.');
  });
}

export function installMetrics(app: FastifyInstance, metrics: StoreMetrics): void {
  const expected = digest(metrics.token);

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    metrics.observeRequest({ method: request.method, route, statusCode: reply.statusCode }, reply.elapsedTime / 1000);
    if (route === CHECKOUT_PATH && request.method === 'POST') metrics.countCheckout(checkoutOutcome(reply));
    done();
  });

  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof TooManyLoginsError) metrics.countLoginLimitHit(routeOf(request));
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = presentedToken(request.headers.authorization);
    if (token === undefined || !timingSafeEqual(digest(token), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthorized', 'The metrics need the token set in METRICS_TOKEN.');
    }
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.render();
  });
}
