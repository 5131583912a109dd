/**
 * The auth server answers only for the site's own host names (issue 18, point 10). Its Origin check
 * compares the browser's Origin with the request's own origin, and Google's redirect URI is built
 * from it: both follow the Host header (or X-Forwarded-Host behind a trusted proxy), which any
 * client can write. With ALLOWED_HOSTS (config.ts; in production its default is derived from the
 * site's configured origins and the listening address) a request for another host is answered
 * 421 Misdirected Request before anything reads its Host.
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#src/errors/app-error';
import { normalHost } from '#src/lib/host-name';

export const MISDIRECTED_MESSAGE = 'This site does not answer for that host name.';

export function isAllowedHost(request: FastifyRequest, allowedHosts: readonly string[]): boolean {
  const host = normalHost(request.host);
  return host !== undefined && allowedHosts.includes(host);
}

/** An onRequest hook: 421 `misdirected_request` for a host not in the list; undefined list: any host. */
export function hostGuard(allowedHosts: readonly string[] | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    if (allowedHosts === undefined || isAllowedHost(request, allowedHosts)) return;
    request.log.warn({ host: request.host.slice(0, 255) }, 'request for another host refused');
    throw new AppError('misdirected_request', MISDIRECTED_MESSAGE);
  };
}
