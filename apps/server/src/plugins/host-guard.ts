/**
 * The server answers only for its own host names (ALLOWED_HOSTS, config.ts). The auth server's
 * Origin check compares the browser's Origin with the request's own origin, Google's redirect URI
 * and the e-mailed account links are built from it, and pages are served to whoever asks: all follow
 * the Host header (or X-Forwarded-Host behind a trusted proxy), which any client can write, and
 * which a DNS-rebinding page (evil.example resolved to 127.0.0.1) sends with a matching Origin. A
 * request for another host is answered 421 Misdirected Request before anything reads its Host.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#src/errors/app-error';
import { isAllowedHostName } from '#src/lib/host-name';

export const MISDIRECTED_MESSAGE = 'This site does not answer for that host name.';

/**
 * Probes and scrapers address a container by its IP (a Kubernetes probe, Prometheus): the health
 * checks say nothing and /metrics answers its token only, neither reads the Host.
 */
const ANY_HOST_PATHS = /^\/(healthz|metrics)(\/|\?|$)/;

/** The Host (or trusted X-Forwarded-Host); an HTTP/1.0 request may have none, whatever the type says. */
function hostOf(request: FastifyRequest): string {
  const host: unknown = request.host;
  return typeof host === 'string' ? host : '';
}

export function isAllowedHost(request: FastifyRequest, allowedHosts: readonly string[]): boolean {
  return isAllowedHostName(hostOf(request), allowedHosts);
}

/** An onRequest hook: 421 `misdirected_request` for a host not in the list; undefined list: any host. */
export function hostGuard(allowedHosts: readonly string[] | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    if (allowedHosts === undefined || ANY_HOST_PATHS.test(request.url) || isAllowedHost(request, allowedHosts)) return;
    request.log.warn({ host: hostOf(request).slice(0, 255) }, 'request for a host not in ALLOWED_HOSTS refused');
    throw new AppError('misdirected_request', MISDIRECTED_MESSAGE);
  };
}
