/**
 * Builds the Fastify application without listening, so tests use `app.inject` or `listen({ port: 0 })`.
 * Order matters: cross-cutting plugins first (they must see every route), then modules, then the web
 * app with its not-found handling (the catch-all comes last).
 */
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authLocation } from '#src/modules/auth/auth-location';
import { authCspSources } from '#src/modules/auth/csp';
import { captchaCspSources } from '#src/modules/captcha/csp';
import { embeddedCatalogue } from '#src/modules/catalogue/embedded-catalogue';
import { seedSessions } from '#src/modules/event-sessions/seed-sessions';
import { installMetrics, installMetricsOff } from '#src/modules/metrics/routes';
import { paymentCspSources } from '#src/modules/payments/csp';
import { registerModules } from '#src/modules/register-modules';
import { createSiteContentStore } from '#src/modules/site-content/site-content-store';
import { API_DOCS_PREFIX, registerApiDocs } from '#src/plugins/api-docs';
import { frameworkErrors, installErrorHandler } from '#src/plugins/error-handler';
import { hostGuard } from '#src/plugins/host-guard';
import { installRequestIdHeader, requestIdGenerator } from '#src/plugins/request-id';
import { RequestLog } from '#src/plugins/request-log';
import { mergeCspSources, registerSecurityHeaders } from '#src/plugins/security-headers';
import { installStorableTextCheck } from '#src/plugins/storable-text';
import { registerWebApp } from '#src/plugins/web-app';
import type { AppContext } from './app-context';
import type { TrustProxy } from './config';
import { createLogger } from './logger';
import { isTestSite, TEST_SITE_BANNER_HTML } from './production-checks';
import { nameSpansByRoute } from './tracing';

/** The largest request body: a checkout or a registration of many people is a few KB. */
export const BODY_LIMIT_BYTES = 256 * 1024;

/** Fastify's types lack the hop count proxy-addr accepts, so a count becomes the equivalent function. */
function trustProxyOption(value: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** The JSON API's answers are data (security-headers.ts); its documentation, Swagger UI, is a page. */
function isApiRequest(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX);
}

export type BuildAppOptions = AppContext & {
  /** Defaults to a pino logger at `config.logLevel`. */
  logger?: FastifyBaseLogger;
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, logger = createLogger(config.logLevel), ...context } = options;
  const app = Fastify({
    loggerInstance: logger,
    genReqId: requestIdGenerator(config.trustProxy !== false),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Slow or stalled clients must not hold sockets forever.
    requestTimeout: 30_000,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new RequestLog(logger),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestIdHeader(app);
  // First of the hooks: nothing may read a Host the site does not answer for (pages, Origin check,
  // Google's redirect URI, account links).
  app.addHook('onRequest', hostGuard(config.allowedHosts));
  installStorableTextCheck(app);
  // Before every route, so its hooks see them all; absent unless METRICS_TOKEN is set.
  if (context.metrics) installMetrics(app, context.metrics);
  else installMetricsOff(app);
  if (config.tracing) await nameSpansByRoute(app);

  registerSecurityHeaders(app, {
    extraSources: mergeCspSources(
      captchaCspSources(config.captcha),
      // And the hosts of the wallets the site enables.
      paymentCspSources(config.payment, context.site.giving.paymentMethods),
      authCspSources(config),
    ),
    isDataRequest: isApiRequest,
  });
  // Parses Cookie for every module (the account session is read by the auth routes and the checkout).
  await app.register(fastifyCookie);
  await registerApiDocs(app);
  // The catalogue, centers and event as staff edit them (issue 21); the first read seeds an empty
  // database from site.json, so it happens here, at start. A database that does not answer now is
  // not fatal: every use reads again, and /healthz says the database is down meanwhile.
  const siteContent = context.siteContent ?? createSiteContentStore({ db: context.db, site: context.site });
  await siteContent.current().catch((error: unknown) => {
    app.log.warn({ err: error }, 'the store content could not be read at start; it is read again at each use');
  });
  // site.json's event sessions, each once by its key (a restart, or a second process, seeds nothing).
  await seedSessions(context.db, context.site.eventSessions).catch((error: unknown) => {
    app.log.warn({ err: error }, 'the event sessions could not be seeded at start; they are seeded at the next start');
  });
  await registerModules(app, { config, ...context, siteContent });
  // The auth server's path (AUTH_BASE_URL) answers JSON 404s like /api, never the web app's page.
  const { prefix: authPrefix } = authLocation(config);
  await registerWebApp(app, {
    webDist: config.webDist,
    serverPrefixes: authPrefix === '' ? [] : [authPrefix],
    // The store draws its cards from the page itself: no second request, no validator (decision 0020).
    embedded: embeddedCatalogue(siteContent.reads),
    // A production deployment allowed the sandbox's payments says so on every page (issue 19).
    bodyStart: isTestSite(config) ? TEST_SITE_BANNER_HTML : '',
  });
  return app;
}
