/**
 * Tickets (their signed codes, their PDF, the check-in list):
 *   GET /api/public/tickets/public-key                       -> 200 ticketPublicKeySchema
 *   GET /api/public/registrations/tickets.pdf?token=         the family's link ("Your registration")
 *                                                            -> 200 PDF | 400 invalid link | 404 no ticket | 410 expired link
 *   GET /api/account/registrations/:id/tickets.pdf           a signed-in donor's own registration
 *                                                            -> 200 PDF | 401 | 404
 *   GET /api/staff/sessions/:id/check-in-list                readCheckInList (a volunteer: their center's)
 *                                                            -> 200 checkInListSchema | 403 other_center | 404
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { checkInListSchema, ticketPublicKeySchema } from '@store/shared/check-in-list';
import type { Locale } from '@store/shared/i18n/locales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { ownedBy } from '#src/db/owned-by';
import { AppError } from '#src/errors/app-error';
import type { ResolveAccountOwner } from '#src/lib/resolve-user-id';
import { sendPdf } from '#src/lib/send-pdf';
import { type EventLinkKey, readEventLink } from '#src/modules/registrations/event-link';
import { registrations } from '#src/modules/registrations/tables';
import { centerScopeOf, type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import type { SiteSource } from '#src/site/site-source';
import { checkInList } from './check-in-list';
import { registrationTicketsPdf } from './registration-tickets';
import type { TicketKeys } from './ticket-keys';
import { findOwnedRegistration, findRegistration } from './ticket-repo';

export type TicketRoutesOptions = {
  db: Database;
  keys: TicketKeys;
  linkKey: EventLinkKey;
  siteSource: SiteSource;
  resolveOwner: ResolveAccountOwner;
  guard: StaffGuard;
};

const pdfBody = z.string().describe('application/pdf');

const noTickets = () =>
  new AppError('not_found', 'This registration has no tickets: it is on the waiting list or was cancelled.');

export const ticketRoutes: FastifyPluginAsyncZod<TicketRoutesOptions> = async (app, options) => {
  const { db, keys, linkKey, siteSource, resolveOwner, guard } = options;

  // In the family's language (their registration's), as the confirmation attached them.
  const ticketsPdf = async (registration: { id: string; number: number; locale: Locale }) => {
    const { site } = await siteSource.current();
    const found = await registrationTicketsPdf(db, { registration, keys, site });
    if (!found) throw noTickets();
    return found;
  };

  app.get(
    '/api/public/tickets/public-key',
    {
      schema: {
        tags: ['tickets'],
        summary: "The tickets' Ed25519 public key: a check-in device verifies QR codes offline with it",
        response: { 200: ticketPublicKeySchema },
      },
    },
    async (_request, reply) => {
      // Public and unchanging between key rotations: caches may keep it for a day.
      reply.header('cache-control', 'public, max-age=86400');
      return keys.published;
    },
  );

  app.get(
    '/api/public/registrations/tickets.pdf',
    {
      schema: {
        tags: ['tickets'],
        summary: "A family's tickets as a PDF, through the link of their confirmation e-mail",
        querystring: z.object({
          token: z.string('token is required: the link from your e-mail').min(1, 'token is required').max(200),
        }),
        response: { 200: pdfBody, 400: apiErrorSchema, 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const link = readEventLink(linkKey, 'family', request.query.token);
      if (!link.ok && link.reason === 'expired')
        throw new AppError(
          'invalid_token',
          'This link has expired. Ask for a new one on the registration page ("Lost your link?").',
          {
            status: 410,
            fields: { token: 'expired' },
          },
        );
      if (!link.ok)
        throw new AppError('invalid_token', 'This link is not valid. Use the link from your e-mail as it is.', {
          fields: { token: 'invalid' },
        });
      const registration = await findRegistration(db, link.id);
      if (!registration) throw noTickets();
      const found = await ticketsPdf(registration);
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );

  app.get(
    '/api/account/registrations/:id/tickets.pdf',
    {
      schema: {
        tags: ['account'],
        summary: "A signed-in donor's tickets for one of their registrations, as a PDF",
        params: z.object({ id: z.uuid('id must be a registration id (a UUID)') }),
        response: { 200: pdfBody, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const owner = await resolveOwner(request);
      if (!owner) throw new AppError('unauthorized', 'Please log in to download your tickets.');
      const registration = await findOwnedRegistration(
        db,
        request.params.id,
        ownedBy(owner, registrations.userId, registrations.email),
      );
      if (!registration) throw new AppError('not_found', 'No registration of yours has this id.');
      const found = await ticketsPdf(registration);
      return sendPdf(reply, found.pdf, found.fileName);
    },
  );

  app.get(
    '/api/staff/sessions/:id/check-in-list',
    {
      schema: {
        tags: ['staff'],
        summary: "A session's check-in list: live tickets with their signed codes, revoked ticket ids, the public key",
        params: z.object({ id: z.coerce.number('id must be a session number').int().positive().max(2_147_483_647) }),
        response: {
          200: checkInListSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
      preHandler: guard('readCheckInList'),
    },
    async (request, reply) => {
      const { site } = await siteSource.current();
      const list = await checkInList(db, {
        sessionId: request.params.id,
        centerScope: centerScopeOf(staffOf(request)),
        keys,
        site,
      });
      // Names and parents' phones: no cache keeps them.
      reply.header('cache-control', 'no-store');
      return list;
    },
  );
};
