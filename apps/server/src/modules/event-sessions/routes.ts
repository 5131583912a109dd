/**
 * GET /api/public/event/sessions: the open sessions a family may choose, with places left. Never
 * cached: the places change with every registration, and a family choosing from an hour-old list
 * would be refused for places it was shown.
 */
import { eventSessionsResponseSchema } from '@store/shared/event-sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import type { SiteSource } from '#src/site/site-source';
import { listPublicSessions } from './list-public-sessions';

export type EventSessionRoutesOptions = { db: Database; siteSource: SiteSource };

export const eventSessionRoutes: FastifyPluginAsyncZod<EventSessionRoutesOptions> = async (app, options) => {
  const { db, siteSource } = options;
  app.get(
    '/api/public/event/sessions',
    {
      schema: {
        tags: ['event'],
        summary: 'The open sessions of the event, with places left and the waiting line',
        response: { 200: eventSessionsResponseSchema },
      },
    },
    async (_request, reply) => {
      const { site } = await siteSource.current();
      reply.header('cache-control', 'no-store');
      return { sessions: await listPublicSessions(db, site) };
    },
  );
};
