/**
 * Cross-site request forgery defence for the auth server (on top of SameSite=Lax): a request that
 * changes something (any method but GET, HEAD, OPTIONS) must come from the site's own pages or from
 * an origin ALLOWED_ORIGINS names. Login and register are included although they carry no cookie
 * yet: they SET one, and a forged login would sign the visitor into someone else's account.
 *
 * The browser says where a request comes from in `Origin` (sent with every POST by current browsers)
 * or, failing that, `Sec-Fetch-Site`; neither can be set by a page's script. A request with neither
 * is refused: it is not from a browser page we can vouch for (API clients can send an Origin).
 */
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#src/errors/app-error';

export const CROSS_ORIGIN_MESSAGE = 'This request did not come from this site, so it was refused.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Methods that read only (the routes keep it so): no origin check needed. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/** `scheme://host[:port]` without a default port; undefined when the text is not an http(s) origin. */
export function normalOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    // 'null' (a sandboxed frame, a file), or junk.
    return undefined;
  }
}

/** The origin this request was addressed to, as Fastify sees it (X-Forwarded-* only with TRUST_PROXY). */
export function requestOrigin(request: FastifyRequest): string | undefined {
  return normalOrigin(`${request.protocol}://${request.host}`);
}

export function isTrustedOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): boolean {
  const header = request.headers.origin;
  if (header === undefined) return request.headers['sec-fetch-site'] === 'same-origin';
  const origin = normalOrigin(header);
  return origin !== undefined && (origin === requestOrigin(request) || allowedOrigins.includes(origin));
}

/** An onRequest hook refusing state-changing requests from elsewhere with 403 `forbidden`. */
export function originGuard(allowedOrigins: readonly string[]): onRequestAsyncHookHandler {
  return async (request) => {
    if (isSafeMethod(request.method) || isTrustedOrigin(request, allowedOrigins)) return;
    request.log.warn({ origin: request.headers.origin ?? null }, 'cross-origin request refused');
    throw new AppError('forbidden', CROSS_ORIGIN_MESSAGE);
  };
}
