/**
 * POST /api/public/registrations (issue 5, DESIGN.md "HTTP surface"): register people for the event.
 * Captcha action `registration`; an Idempotency-Key header per submit attempt (a UUID the page makes),
 * so a double click or a retry stores one registration.
 *   201 stored now, 200 + `Idempotent-Replayed: true` the same attempt answered again,
 *   400 the fields to fix (nothing stored; an unknown, archived or started session is `sessionId`),
 *   403 captcha, 409 `not_enough_places` (ifFull 'refuse'; nothing stored, the key unspent),
 *   422 the key was used for other registrants.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { idempotencyKeySchema } from '@store/shared/checkout';
import { registrationRequestSchema, registrationResponseSchema } from '@store/shared/registration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { requestLocale } from '#src/i18n/request-locale';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import type { ResolveUserId } from '#src/lib/resolve-user-id';
import type { CaptchaVerifier } from '#src/modules/captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '#src/modules/captcha/pre-handler';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { SiteSource } from '#src/site/site-source';
import { registerForEvent } from './register-for-event';

export type RegistrationRoutesOptions = {
  db: Database;
  /** The centers as staff edit them: the answer names the session's center. */
  siteSource: SiteSource;
  captcha: CaptchaVerifier;
  /** Told when a confirmation was queued, so it goes out now rather than at the worker's next poll. */
  mail?: MailNotifier | undefined;
  /** The signed-in visitor's user id, if any (the accounts module wires it): the registration is linked to it. */
  resolveUserId?: ResolveUserId | undefined;
};

export const registrationRoutes: FastifyPluginAsyncZod<RegistrationRoutesOptions> = async (app, options) => {
  const { db, siteSource, captcha, mail, resolveUserId } = options;

  app.post(
    '/api/public/registrations',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Register people for the event; repeat with the same Idempotency-Key to get the same answer',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema, ...captchaHeaders }),
        body: registrationRequestSchema,
        response: {
          200: registrationResponseSchema.describe('The same attempt again (Idempotent-Replayed: true)'),
          201: registrationResponseSchema.describe(
            'Stored; the confirmation e-mail is on its way unless confirmationEmailed is false (the address had its confirmations for the day)',
          ),
          400: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema.describe(
            "not_enough_places: the family is larger than the places left and ifFull was 'refuse'; nothing was stored",
          ),
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      preHandler: captchaPreHandler(captcha, 'registration'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = resolveUserId ? await resolveUserId(request) : null;
      const result = await registerForEvent({
        db,
        siteSource,
        logger: request.log,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        clientIp: request.ip,
        userId,
        // The page's language: the confirmation and every later mail of the family are written in it.
        locale: requestLocale(request),
      });
      if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // The confirmation's transaction has committed: the worker may send it at once.
      else mail?.kick();
      return reply.code(result.status).send(result.answer);
    },
  );
};
