/**
 * The family's side of an offer (packages/shared/src/waiting-list.ts), reached through the offer
 * e-mail's signed link, no account:
 *   GET  /api/public/waitlist/offer?token=   -> 200 the offer (status says whether it can still be taken) | 400
 *   POST /api/public/waitlist/accept {token} -> 200 registered, with tickets (the same 200 again) | 400 | 409 offer_closed
 * The link's signature is checked without its expiry: an offer already accepted answers as accepted
 * even after its hold ran out, and one that lapsed says so (409) rather than calling the link forged.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { formatRegistrationNumber } from '@store/shared/registration';
import {
  type WaitlistOffer,
  waitlistAcceptedSchema,
  waitlistAcceptRequestSchema,
  waitlistOfferSchema,
  waitlistTokenQuerySchema,
} from '@store/shared/waiting-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '#src/db/client';
import type { MailNotifier } from '#src/modules/mail/worker';
import { type EventLinkKey, readEventLink } from '#src/modules/registrations/event-link';
import { acceptOffer } from './accept-offer';
import { offerDetails } from './offer-details';
import { invalidOfferLink } from './offer-errors';

export type WaitlistRoutesOptions = {
  db: Database;
  key: EventLinkKey;
  centerName: (centerId: number) => Promise<string | undefined>;
  mail?: MailNotifier | undefined;
};

/** Any instant before every expiry: the signature is checked here, the offer's state by its row. */
const SIGNATURE_ONLY = new Date(0);

export const waitlistRoutes: FastifyPluginAsyncZod<WaitlistRoutesOptions> = async (app, options) => {
  const { db, key, centerName, mail } = options;
  const offerIdOf = (token: string): string => {
    const reading = readEventLink(key, 'offer', token, SIGNATURE_ONLY);
    if (!reading.ok) throw invalidOfferLink();
    return reading.id;
  };

  app.get(
    '/api/public/waitlist/offer',
    {
      schema: {
        tags: ['waiting-list'],
        summary: 'The waiting-list offer an e-mailed link names: the family, the session, until when it is held',
        querystring: waitlistTokenQuerySchema,
        response: { 200: waitlistOfferSchema, 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const offerId = offerIdOf(request.query.token);
      const details = (await offerDetails(db, [offerId])).get(offerId);
      if (!details) throw invalidOfferLink();
      const { offer, session, registration, people } = details;
      const open = offer.status === 'open' && offer.expiresAt.getTime() > Date.now();
      const answer: WaitlistOffer = {
        registrationNumber: formatRegistrationNumber(registration.number),
        status: offer.status === 'open' && !open ? 'lapsed' : waitlistOfferSchema.shape.status.parse(offer.status),
        expiresAt: offer.expiresAt.toISOString(),
        session: {
          id: session.id,
          centerName: (await centerName(session.centerId)) ?? '',
          hall: session.hall,
          address: session.address,
          startsAt: session.startsAt.toISOString(),
          timeZone: session.timeZone,
        },
        people: people.map(({ position, firstName, lastName }) => ({ position, firstName, lastName })),
      };
      return answer;
    },
  );

  app.post(
    '/api/public/waitlist/accept',
    {
      schema: {
        tags: ['waiting-list'],
        summary: 'Accept a waiting-list offer: everyone registered, tickets issued; again answers the same',
        body: waitlistAcceptRequestSchema,
        response: {
          200: waitlistAcceptedSchema,
          400: apiErrorSchema,
          409: apiErrorSchema.describe('offer_closed: the offer lapsed or was withdrawn'),
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const offerId = offerIdOf(request.body.token);
      const { answer, acceptedNow } = await acceptOffer({ db, offerId, centerName });
      if (acceptedNow) {
        request.log.info({ offerId, registrationNumber: answer.registrationNumber }, 'waiting-list offer accepted');
        mail?.kick();
      }
      return answer;
    },
  );
};
