/**
 * GET /api/public/catalogue and GET /api/public/centers, from the content staff edit (issue 21;
 * seeded from config/site.json). `siteSource` is the store's bounded read (site-content-store.ts):
 * no query per request, an edit on another process served within its bound. The answers are
 * computed and serialized once per version (static-json.ts); browsers and proxies may cache them
 * briefly.
 */
import { catalogueResponseSchema, centersResponseSchema } from '@store/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SiteSnapshot, SiteSource } from '#src/site/site-source';
import { catalogueView, centersView } from './service';
import { type StaticJson, staticJson } from './static-json';

/** Short: an edit reaches visitors holding an older copy within a minute. */
const PUBLIC_CACHE = 'public, max-age=60';

/** The answer to a request whose If-None-Match holds the current ETag: no body. */
const notModified = z.null().describe('Not modified: the ETag in If-None-Match is current');

export type CatalogueRoutesOptions = { siteSource: SiteSource };

type Answers = { catalogue: StaticJson; centers: StaticJson };

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { siteSource }) => {
  // Per snapshot: a new version gets new answers, the same one reuses its bytes.
  const answers = new WeakMap<SiteSnapshot, Answers>();
  const current = async (): Promise<Answers> => {
    const snapshot = await siteSource.current();
    let found = answers.get(snapshot);
    if (!found) {
      found = {
        catalogue: staticJson(catalogueResponseSchema, catalogueView(snapshot.site)),
        centers: staticJson(centersResponseSchema, centersView(snapshot.site)),
      };
      answers.set(snapshot, found);
    }
    return found;
  };
  // Built at start: an invalid catalogue fails the start, not a visitor's request. A database that
  // does not answer at start is not fatal (/healthz says so; every request reads again).
  await current().catch((error: unknown) => {
    if (error instanceof z.ZodError) throw error;
    app.log.warn({ err: error }, 'the catalogue could not be read at start; it is read again at each request');
  });

  app.get(
    '/api/public/catalogue',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Donation items, concert tiers and the foundation',
        response: { 200: catalogueResponseSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      (await current()).catalogue.send(request, reply, PUBLIC_CACHE);
      return reply;
    },
  );

  app.get(
    '/api/public/centers',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Centers a donor can choose at checkout',
        response: { 200: centersResponseSchema, 304: notModified },
      },
    },
    async (request, reply) => {
      (await current()).centers.send(request, reply, PUBLIC_CACHE);
      return reply;
    },
  );
};
