/**
 * GET /api/public/catalogue and GET /api/public/centers. The data comes from config/site.json, read
 * once at start, so the answers are computed once and browsers and proxies may cache them briefly.
 */
import type { Site } from '@store/shared/site';
import { catalogueResponseSchema, centersResponseSchema } from '@store/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueView, centersView } from './service';

/** Short: a corrected site.json reaches visitors within a minute of a restart. */
const PUBLIC_CACHE = 'public, max-age=60';

export type CatalogueRoutesOptions = { site: Site };

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesOptions> = async (app, { site }) => {
  const catalogue = catalogueView(site);
  const centers = centersView(site);

  app.get(
    '/api/public/catalogue',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Donation items, concert tiers and the foundation',
        response: { 200: catalogueResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return catalogue;
    },
  );

  app.get(
    '/api/public/centers',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Centers a donor can choose at checkout',
        response: { 200: centersResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return centers;
    },
  );
};
