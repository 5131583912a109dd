/**
 * CORS with credentials for the auth server when the site's pages call it from another origin
 * (AUTH_BASE_URL on another origin; ALLOWED_ORIGINS names the site). Only the listed origins get
 * the headers; to any other origin the browser keeps the answers unreadable. A few lines rather
 * than @fastify/cors: one list of origins, two methods, two request headers.
 */
import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST';
const ALLOWED_HEADERS = 'Content-Type, Authorization';
/** Browsers cap it anyway (Chromium: 2 hours); 10 minutes keeps a changed list quick to apply. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Installs the headers on every route of `app` (the auth plugin) and answers preflights under it. */
export function installCors(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = (origin: string | undefined): origin is string =>
    origin !== undefined && allowedOrigins.includes(origin);

  app.addHook('onRequest', async (request, reply) => {
    // Answers differ by Origin: a shared cache must not hand one origin's answer to another.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (!allowed(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
  });

  app.options('/*', { schema: { hide: true } }, async (request, reply) => {
    if (allowed(request.headers.origin)) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    return reply.code(204).send();
  });
}
