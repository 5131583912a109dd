/**
 * The "Stop event news" link's calls. The page (/registration/unsubscribe) posts the link's token;
 * mail clients post the List-Unsubscribe URL with the RFC 8058 one-click form body, the token in
 * its query, and no Origin (so no Origin check here: the signed token is the authority).
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { eventNewsStateSchema, eventNewsTokenSchema } from '@store/shared/event-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import type { EventLinkKey } from '#src/modules/registrations/event-link';
import { restartEventNews, stopEventNews } from './event-news-optouts';

export type EventNewsRoutesOptions = { db: Database; key: EventLinkKey };

const tokenField = eventNewsTokenSchema.shape.token;
const errors = { 400: apiErrorSchema };

/** The token from the JSON body, else the query (one-click). */
function tokenOf(request: { body: unknown; query: { token?: string | undefined } }): string {
  const body = request.body;
  const fromBody =
    typeof body === 'object' && body !== null && 'token' in body && typeof body.token === 'string'
      ? body.token
      : undefined;
  const token = fromBody ?? request.query.token;
  const checked = tokenField.safeParse(token);
  if (!checked.success) {
    throw new AppError('validation_error', 'The link’s token is missing.', { fields: { token: 'is required' } });
  }
  return checked.data;
}

export const eventNewsRoutes: FastifyPluginAsyncZod<EventNewsRoutesOptions> = async (app, { db, key }) => {
  // The one-click form body ("List-Unsubscribe=One-Click"): parsed in this plugin only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const schema = (summary: string) => ({
    tags: ['registrations'],
    summary,
    querystring: z.object({ token: tokenField.optional() }),
    body: z.union([eventNewsTokenSchema, z.object({ 'List-Unsubscribe': z.literal('One-Click') })]).optional(),
    response: { 200: eventNewsStateSchema, ...errors },
  });

  app.post(
    '/api/public/event-news/unsubscribe',
    { schema: schema('Stop event news for the address a message went to (its own tickets and offers still go)') },
    async (request) => stopEventNews(db, key, tokenOf(request)),
  );

  app.post(
    '/api/public/event-news/resubscribe',
    { schema: schema('Get event news again at that address') },
    async (request) => restartEventNews(db, key, tokenOf(request)),
  );
};
