/**
 * GET /api/public/catalogue and GET /api/public/centers. The data comes from config/site.json, read
 * once at start, so the answers are computed and serialized once (static-json.ts) and browsers and
 * proxies may cache them briefly.
 */
import type { Site } from '@store/shared/site';
import { catalogueResponseSchema, centersResponseSchema } from '@store/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueView, centersView } from './service';
import { staticJson } from './static-json';

/** Short: a corrected site.json reaches visitors within a minute of a restart. */
const PUBLIC_CACHE = 'public, max-age=60';

/** The answer to a request whose If-None-Match holds the current ETag: no body. */
const notModified = z.null().describe('Not modified: the ETag in If-None-Match is current');

export type CatalogueRoutesOptions = { site: Site };

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { site }) => {
  const catalogue = staticJson(catalogueResponseSchema, catalogueView(site));
  const centers = staticJson(centersResponseSchema, centersView(site));

  // Plain (not async) handlers: the answer is ready, so no promise per request.
  app.get(
    '/api/public/catalogue',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Donation items, concert tiers and the foundation',
        response: { 200: catalogueResponseSchema, 304: notModified },
      },
    },
    (request, reply) => {
      catalogue.send(request, reply, PUBLIC_CACHE);
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
    (request, reply) => {
      centers.send(request, reply, PUBLIC_CACHE);
    },
  );
};
