/**
 * Security headers (helmet) with a Content-Security-Policy for the React single-page app.
 * Everything is served from our origin; images may also come from https URLs in config/site.json.
 * Modules that embed third-party scripts later (reCAPTCHA, Braintree Drop-in) add their hosts to
 * `extraSources` (app.ts merges their lists with mergeCspSources) rather than loosening the defaults.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export type CspSources = Partial<Record<'scriptSrc' | 'connectSrc' | 'frameSrc' | 'imgSrc' | 'styleSrc', string[]>>;

/** Several modules' sources in one: each list keeps its order, without repeats. */
export function mergeCspSources(...parts: CspSources[]): CspSources {
  const merged: CspSources = {};
  for (const part of parts) {
    for (const [key, sources] of Object.entries(part) as [keyof CspSources, string[]][]) {
      merged[key] = [...new Set([...(merged[key] ?? []), ...sources])];
    }
  }
  return merged;
}

export function contentSecurityPolicy(extraSources: CspSources = {}): Record<string, string[] | null> {
  const extra = (key: keyof CspSources) => extraSources[key] ?? [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'", ...extra('scriptSrc')],
    scriptSrcAttr: ["'none'"],
    // React and Swagger UI set inline style attributes; inline styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'", ...extra('styleSrc')],
    imgSrc: ["'self'", 'data:', 'https:', ...extra('imgSrc')],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...extra('connectSrc')],
    frameSrc: ["'self'", ...extra('frameSrc')],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Helmet's default would make browsers rewrite every URL to https, which breaks the site when it
    // is served over plain http (the default http://127.0.0.1:8080). TLS is the proxy's job; HSTS remains.
    upgradeInsecureRequests: null,
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, extraSources?: CspSources): Promise<void> {
  // Helmet itself, built once. (@fastify/helmet built helmet's middleware again for every request,
  // parsing the whole policy each time: a tenth of the catalogue's cost. bench/BENCHMARKS.md.)
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(extraSources) },
    // The legacy header says the same as frame-ancestors 'none', for browsers that ignore CSP.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
