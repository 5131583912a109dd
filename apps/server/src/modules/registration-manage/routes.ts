/**
 * The family's own page without an account (GET/PATCH/POST /api/public/registrations/yours…) and
 * "Lost your link?" (POST /api/public/registrations/lost-link). The signed link's token travels in the
 * `x-family-token` header, so it stays out of access logs; forged 400, expired 410. Every change
 * answers with the registration as it now stands, and is refused after the cut-off (409 changes_closed).
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { EventSettings } from '@store/shared/event-sessions';
import {
  FAMILY_TOKEN_HEADER,
  familyMoveRequestSchema,
  familyRegistrationSchema,
  familyTexts,
  lostLinkRequestSchema,
  lostLinkResponseSchema,
  registrantPositionSchema,
} from '@store/shared/family-registration';
import { registrantSchema } from '@store/shared/registration';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import type { CaptchaVerifier } from '#src/modules/captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '#src/modules/captcha/pre-handler';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { EventLinkKey } from '#src/modules/registrations/event-link';
import { cancelRegistrant, cancelRegistration } from './cancel-registrants';
import { changeRegistrant } from './change-registrant';
import type { ManageContext } from './family-change';
import type { CenterName } from './family-view';
import { requestFamilyLinks } from './lost-link';
import { moveFamily } from './move-family';
import { readFamily } from './read-family';
import { readFamilyToken } from './read-family-token';

export type RegistrationManageRoutesOptions = {
  db: Database;
  key: EventLinkKey;
  /** site.json's eventSettings: the change cut-off and the offers' hold. */
  settings: Pick<EventSettings, 'changeCutoffHours' | 'offerHoldHours'>;
  centerName: CenterName;
  captcha: CaptchaVerifier;
  mail?: MailNotifier | undefined;
};

const tokenHeaders = z.looseObject({
  [FAMILY_TOKEN_HEADER]: z.string('the link from your e-mail is needed').min(1).max(200),
});

const answers = {
  200: familyRegistrationSchema,
  400: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
};

export const registrationManageRoutes: FastifyPluginAsyncZod<RegistrationManageRoutesOptions> = async (
  app,
  options,
) => {
  const { db, key, settings, centerName, captcha, mail } = options;
  const context: ManageContext & { centerName: CenterName } = { db, settings, centerName };
  const registrationOf = (request: FastifyRequest) => {
    const token = request.headers[FAMILY_TOKEN_HEADER];
    return readFamilyToken(key, typeof token === 'string' ? token : '');
  };
  const afterChange = async (id: string) => {
    // The change's transaction has committed its e-mail: the worker may send it now.
    mail?.kick();
    return readFamily(context, id);
  };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/public/registrations/yours',
    {
      schema: {
        tags: ['registrations'],
        summary: "The family's registration, through the signed link of its e-mails",
        headers: tokenHeaders,
        response: answers,
      },
    },
    async (request) => readFamily(context, registrationOf(request)),
  );

  app.patch(
    '/api/public/registrations/yours/registrants/:position',
    {
      schema: {
        tags: ['registrations'],
        summary: "Correct a registrant's details under the form's rules; their ticket is replaced",
        headers: tokenHeaders,
        params: registrantPositionSchema,
        body: registrantSchema,
        response: answers,
      },
    },
    async (request) => {
      const id = registrationOf(request);
      await changeRegistrant(context, id, request.params.position, request.body);
      return afterChange(id);
    },
  );

  app.post(
    '/api/public/registrations/yours/registrants/:position/cancel',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Cancel one registrant; their place goes to the waiting list at once',
        headers: tokenHeaders,
        params: registrantPositionSchema,
        response: answers,
      },
    },
    async (request) => {
      const id = registrationOf(request);
      await cancelRegistrant(context, id, request.params.position);
      return afterChange(id);
    },
  );

  app.post(
    '/api/public/registrations/yours/cancel',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Cancel the whole registration (or leave the waiting list)',
        headers: tokenHeaders,
        response: answers,
      },
    },
    async (request) => {
      const id = registrationOf(request);
      await cancelRegistration(context, id);
      return afterChange(id);
    },
  );

  app.post(
    '/api/public/registrations/yours/move',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Move everyone to another session with places: all or nothing',
        headers: tokenHeaders,
        body: familyMoveRequestSchema,
        response: answers,
      },
    },
    async (request) => {
      const id = registrationOf(request);
      await moveFamily(context, id, request.body.sessionId);
      return afterChange(id);
    },
  );

  app.post(
    '/api/public/registrations/lost-link',
    {
      schema: {
        tags: ['registrations'],
        summary: 'E-mail a fresh link to each registration of an address; the same answer for any address',
        headers: z.looseObject({ ...captchaHeaders }),
        body: lostLinkRequestSchema,
        response: {
          202: lostLinkResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      preHandler: captchaPreHandler(captcha, 'lost_link'),
    },
    async (request, reply) => {
      if (await requestFamilyLinks(db, { email: request.body.email, clientIp: request.ip })) mail?.kick();
      return reply.code(202).send({ message: familyTexts.lostLinkSent });
    },
  );
};
