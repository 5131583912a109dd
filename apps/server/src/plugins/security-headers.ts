/**
 * Security headers (helmet) with a Content-Security-Policy for the React single-page app.
 * Everything is served from our origin; images may also come from https URLs in config/site.json.
 * Modules that embed third-party scripts later (reCAPTCHA, Braintree Drop-in) add their hosts to
 * `extraSources` (app.ts merges their lists with mergeCspSources) rather than loosening the defaults.
 */
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
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

/**
 * The headers helmet sets for this policy, as names (lower case) and values. Helmet's output depends
 * on its options only (no directive here is a per-request function; HSTS is sent on every answer, as
 * helmet does: browsers ignore it over plain http), so it is computed once, against a response that
 * is never sent.
 */
export function securityHeaders(extraSources?: CspSources): OutgoingHttpHeaders {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(extraSources) },
    // The legacy header says the same as frame-ancestors 'none', for browsers that ignore CSP.
    frameguard: { action: 'deny' },
  });
  const recorder = new ServerResponse(new IncomingMessage(new Socket()));
  let finished = false;
  setHeaders(recorder.req, recorder, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middleware is synchronous; if a later version were not, the headers would be missing.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return recorder.getHeaders();
}

/**
 * The policy of an answer that is data, never a document (JSON, CSV): nothing may load into it and
 * nothing may frame it. Stricter than the pages' policy, and a tenth of its length.
 */
export const DATA_ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Of helmet's headers, those that mean something for an answer that is data (OWASP REST Security
 * Cheat Sheet, "Security headers"): HTTPS only, no sniffing into a script or a page, no framing, not
 * readable cross-origin by a page that embeds it, no Referer. The rest (COOP, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection)
 * govern documents only.
 */
const DATA_ANSWER_HEADER_NAMES = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'referrer-policy',
] as const;

/**
 * The headers for answers that are data: the pages' HSTS, nosniff, ... with DATA_ANSWER_CSP. None of
 * them depends on the pages' extra sources, so they are computed once, here, for every answer that is
 * data: the API's, and the errors Fastify answers before any hook runs (error-handler.ts).
 */
export const DATA_ANSWER_HEADERS: Readonly<OutgoingHttpHeaders> = (() => {
  const documentHeaders = securityHeaders();
  const kept = DATA_ANSWER_HEADER_NAMES.map((name) => {
    const value = documentHeaders[name];
    if (value === undefined) throw new Error(`helmet no longer sends ${name}`);
    return [name, value] as const;
  });
  return { ...Object.fromEntries(kept), 'content-security-policy': DATA_ANSWER_CSP };
})();

export type SecurityHeadersOptions = {
  extraSources?: CspSources;
  /**
   * True for a request whose answer is data (the JSON API), which gets `DATA_ANSWER_HEADERS`; pages,
   * files and everything else get helmet's whole set. Decided from the URL before routing.
   */
  isDataRequest: (url: string) => boolean;
};

export function registerSecurityHeaders(
  app: FastifyInstance,
  { extraSources, isDataRequest }: SecurityHeadersOptions,
): void {
  // Computed once and handed to Fastify, which writes them with the rest in one writeHead. Running
  // helmet's middleware for every request made twelve res.setHeader calls, each validated by
  // Node's header regexes, and sent Node down its slower header path: ~15% of the catalogue's CPU
  // (bench/BENCHMARKS.md, "API throughput"). The API's answers carry the six headers that apply to
  // data instead of all thirteen: writing the other seven cost a JSON answer ~0.005 ms of CPU for
  // nothing a browser would do with them.
  const documentHeaders = securityHeaders(extraSources);
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isDataRequest(request.url) ? DATA_ANSWER_HEADERS : documentHeaders);
    done();
  });
}
