/**
 * Serves the built React app (apps/web/dist) and decides what an unknown URL gets:
 *  - /api/*, /auth/* (and the auth server's path if AUTH_BASE_URL moves it), /healthz: a JSON 404
 *    (`not_found`), so API clients never receive HTML;
 *  - a page the build pre-rendered (dist/pages/<route>.html, `/` being pages/index.html; see
 *    apps/web/scripts/prerender.mjs): that HTML, which the browser paints before any JavaScript runs,
 *    with the data the server embeds in every page (html-pages.ts), in the visitor's language
 *    (dist/pages/te/<route>.html for Telugu; pageLocale below);
 *  - any other GET: index.html with status 200, so React Router shows the page, or its own
 *    'Unexpected Application Error!' screen for an unknown route (SPEC.md §8);
 *  - a missing file (a path with an extension, or under /assets/): a plain 404, never index.html,
 *    which a browser would try to run as a script or stylesheet.
 * Without a build, `/` says how to make one, and the API works as usual.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANG_COOKIE, LOCALES, type Locale } from '@store/shared/i18n/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#src/errors/app-error';
import { queryLocale, requestLocale } from '#src/i18n/request-locale';
import { type EmbeddedJson, type HtmlPage, htmlPage } from './html-pages';

const SERVER_PREFIXES = ['/api', '/auth', '/healthz'];

const NO_BLOCKS: readonly EmbeddedJson[] = [];

/** Vite names files under /assets/ by content hash: a changed file gets a new name, so cache forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other public files (favicon, pictures) keep their names: cache briefly. */
const SHORT = 'public, max-age=3600';
/** index.html must be revalidated every time, or visitors keep loading last release's asset names. */
const REVALIDATE = 'no-cache';
/**
 * The door app's service worker (apps/web/vite.config.ts) keeps its name across releases: checked
 * at every visit, so a release reaches the phones at their next visit online, not an hour later.
 */
const SERVICE_WORKER = 'sw.js';

export const NO_BUILD_TEXT =
  'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds first), then reload.\n' +
  'The API is running: see /api/docs.\n';

function pathOf(request: FastifyRequest): string {
  const path = request.url.split('?', 1)[0] ?? '/';
  return path === '' ? '/' : path;
}

export function isServerPath(path: string, extraPrefixes: readonly string[] = []): boolean {
  return [...SERVER_PREFIXES, ...extraPrefixes].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * The back office's pages (issue 21) hold data in their path, with dots in it: a donor's page is
 * /admin/donors/asha@example.org. Nothing under /admin/ is a file.
 */
const APP_DATA_PREFIX = '/admin/';

/** A request for a file rather than a page: the app's routes never contain a dot (but /admin/*) or live under /assets. */
function looksLikeFile(path: string): boolean {
  if (path.startsWith(APP_DATA_PREFIX)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return path.startsWith('/assets/') || last.includes('.');
}

/** A language's copy of index.html (apps/web/scripts/prerender.mjs writes it beside its pages). */
const SHELL = '_shell.html';

/**
 * `/cart` → `pages/cart.html` for every route the build pre-rendered, and the same page in each other
 * language (`pages/te/cart.html`); read once, at start. English is the one every route has.
 */
function prerenderedPages(webDist: string): Map<string, Map<Locale, string>> {
  const pages = new Map<string, Map<Locale, string>>();
  for (const locale of LOCALES) {
    const folder = locale === 'en' ? 'pages' : `pages/${locale}`;
    const dir = join(webDist, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (!name.endsWith('.html') || name === SHELL) continue;
      const route = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
      const languages = pages.get(route) ?? new Map<Locale, string>();
      languages.set(locale, `${folder}/${name}`);
      pages.set(route, languages);
    }
  }
  return pages;
}

/** index.html in each language the build made a copy of it for (English: index.html itself). */
function shells(webDist: string): Map<Locale, string> {
  const found = new Map<Locale, string>([['en', 'index.html']]);
  for (const locale of LOCALES) {
    if (locale !== 'en' && existsSync(join(webDist, 'pages', locale, SHELL)))
      found.set(locale, `pages/${locale}/${SHELL}`);
  }
  return found;
}

/** A year: a visitor who chose a language keeps it on their next visit. */
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The language of the page a request gets (request-locale.ts). A `?lang=` choice is remembered in a
 * cookie for the pages and API calls after it; an unknown value is ignored rather than refused.
 */
function pageLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  const chosen = queryLocale(request);
  if (chosen) {
    reply.header('set-cookie', `${LANG_COOKIE}=${chosen}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE}; SameSite=Lax`);
  }
  return chosen ?? requestLocale(request);
}

function notFound(request: FastifyRequest): AppError {
  const path = pathOf(request).slice(0, 200);
  return new AppError('not_found', `No such address: ${request.method} ${path}`);
}

export type WebAppOptions = {
  webDist: string;
  /** More paths that belong to the server, e.g. the auth server's when AUTH_BASE_URL moves it. */
  serverPrefixes?: readonly string[];
  /**
   * JSON documents every HTML page carries for its scripts (the catalogue), asked for per page
   * request: the catalogue changes when staff edit it (issue 21). Return the SAME array while
   * nothing changed: a page is rebuilt (and compressed again) only when its blocks are new.
   */
  embedded?: () => Promise<readonly EmbeddedJson[]>;
  /** Server-made HTML first in every page's <body> (the test-site banner). */
  bodyStart?: string;
};

export async function registerWebApp(
  app: FastifyInstance,
  { webDist, serverPrefixes = [], embedded = async () => NO_BLOCKS, bodyStart = '' }: WebAppOptions,
): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  const pages = built ? prerenderedPages(webDist) : new Map<string, Map<Locale, string>>();
  const shell = built ? shells(webDist) : new Map<Locale, string>();
  // Made when first asked for and again when the embedded data changes (a build replaced under a
  // running server is a restart anyway, as before).
  const html = new Map<string, { blocks: readonly EmbeddedJson[]; page: HtmlPage }>();
  const pageFor = async (file: string): Promise<HtmlPage> => {
    const blocks = await embedded();
    let entry = html.get(file);
    if (!entry || entry.blocks !== blocks) {
      entry = { blocks, page: htmlPage(webDist, file, blocks, bodyStart) };
      html.set(file, entry);
    }
    return entry.page;
  };
  if (built) {
    const assetsDir = `${join(webDist, 'assets')}${sep}`;
    const serviceWorker = join(webDist, SERVICE_WORKER);
    await app.register(fastifyStatic, {
      root: webDist,
      // Our own Cache-Control below instead of send's default `max-age=0`.
      cacheControl: false,
      // Uses dist/*.br or *.gz when the build wrote them; falls back to the plain file otherwise.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // The file sent may be the build's brotli or gzip copy: judge it by the name it stands for.
        const served = filePath.replace(/\.(br|gz)$/, '');
        const policy = served.startsWith(assetsDir)
          ? IMMUTABLE
          : served.endsWith('.html') || served === serviceWorker
            ? REVALIDATE
            : SHORT;
        reply.header('cache-control', policy);
      },
    });
    // Each pre-rendered route answers with its own HTML (a route of its own, `/` included, rather
    // than the static files' index.html).
    for (const [route, languages] of pages) {
      app.get(route, { schema: { hide: true } }, async (request, reply) => {
        const file = languages.get(pageLocale(request, reply)) ?? languages.get('en') ?? 'index.html';
        return (await pageFor(file)).send(request, reply, REVALIDATE);
      });
    }
    // At start: a missing or unreadable index.html fails the start, not a visitor's request.
    await pageFor('index.html');
  } else {
    app.log.warn({ webDist }, 'web app not built: / shows how to build it');
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(NO_BUILD_TEXT),
    );
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isServerPath(path, serverPrefixes);
    if (!isPage) throw notFound(request);
    if (looksLikeFile(path)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    if (!built) return reply.code(404).type('text/plain; charset=utf-8').send(NO_BUILD_TEXT);
    const file = shell.get(pageLocale(request, reply)) ?? 'index.html';
    return (await pageFor(file)).send(request, reply, REVALIDATE);
  });
}
