/**
 * The back office's messages to registrants (/admin/messages): the sessions a member may write to,
 * a preview (count and the e-mail as sent), Send under an Idempotency-Key, and the messages sent.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { idempotencyKeySchema } from '@store/shared/checkout';
import {
  eventMessageListSchema,
  eventMessagePreviewSchema,
  eventMessageRequestSchema,
  eventMessageSentSchema,
  messageSessionsSchema,
} from '@store/shared/event-messages';
import type { Site } from '@store/shared/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import type { MailNotifier } from '#src/modules/mail/worker';
import { auditActor } from '#src/modules/staff/audit';
import { type StaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { type CenterNameOf, checkAudience, messageScopeOf } from './audience-label';
import { countRecipients } from './audience-recipients';
import { renderEventMessage, unsubscribeLinks } from './event-message-mail';
import { listEventMessages } from './list-event-messages';
import { listMessageSessions } from './list-message-sessions';
import { queueEventMessages } from './queue-event-messages';
import { sendEventMessage } from './send-event-message';

export type EventMessageRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  centerNameOf: CenterNameOf;
  foundation: Pick<Site['foundation'], 'name' | 'url'>;
  /** The store's origin, for the links in the preview. */
  storeUrl: string;
  /** eventSettings.messagesPerMinute. */
  perMinute: number;
  mail?: MailNotifier | undefined;
};

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
/** The preview's link: what each recipient's own signed link looks like. */
const SAMPLE_TOKEN = 'each-recipient-gets-their-own-link';

export const eventMessageRoutes: FastifyPluginAsyncZod<EventMessageRoutesOptions> = async (app, options) => {
  const { db, guard, centerNameOf, foundation, storeUrl, perMinute, mail } = options;

  app.get(
    '/api/staff/event-messages',
    {
      schema: {
        tags: ['staff'],
        summary: 'Messages sent to registrants, newest first, with how many went out so far',
        response: { 200: eventMessageListSchema, ...errors },
      },
      preHandler: guard('messageRegistrants'),
    },
    async (request) => {
      const staff = staffOf(request);
      const sentBy = messageScopeOf(staff) === undefined ? undefined : staff.id;
      return { messages: await listEventMessages(db, { sentBy }) };
    },
  );

  app.get(
    '/api/staff/event-messages/sessions',
    {
      schema: {
        tags: ['staff'],
        summary: 'The sessions the member may write to (a volunteer: their own center’s)',
        response: { 200: messageSessionsSchema, ...errors },
      },
      preHandler: guard('messageRegistrants'),
    },
    async (request) => ({
      sessions: await listMessageSessions(db, messageScopeOf(staffOf(request)), centerNameOf),
    }),
  );

  app.post(
    '/api/staff/event-messages/preview',
    {
      schema: {
        tags: ['staff'],
        summary: 'How many addresses a message would reach now, and the e-mail as they get it',
        body: eventMessageRequestSchema,
        response: { 200: eventMessagePreviewSchema, ...errors },
      },
      preHandler: guard('messageRegistrants'),
    },
    async (request) => {
      const input = request.body;
      const audienceLabel = await checkAudience(db, input.audience, staffOf(request), centerNameOf);
      const sample = renderEventMessage(input, 'each recipient', unsubscribeLinks(storeUrl, SAMPLE_TOKEN), foundation);
      return {
        recipients: await countRecipients(db, input.audience),
        audienceLabel,
        sample: { subject: sample.subject, text: sample.text, html: sample.html },
      };
    },
  );

  app.post(
    '/api/staff/event-messages',
    {
      schema: {
        tags: ['staff'],
        summary: 'Send a message to registrants; the same Idempotency-Key again answers the same message',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema }),
        body: eventMessageRequestSchema,
        response: {
          200: eventMessageSentSchema,
          201: eventMessageSentSchema,
          ...errors,
          422: apiErrorSchema,
        },
      },
      preHandler: guard('messageRegistrants'),
    },
    async (request, reply) => {
      const input = request.body;
      const audienceLabel = await checkAudience(db, input.audience, staffOf(request), centerNameOf);
      const { sent, replayed } = await sendEventMessage({
        db,
        input,
        audienceLabel,
        idempotencyKey: request.headers['idempotency-key'],
        actor: auditActor(request),
      });
      if (replayed) {
        reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        return reply.code(200).send(sent);
      }
      // The first minute's recipients go at once; the worker's job queues the rest at the rate.
      try {
        if ((await queueEventMessages(db, { perMinute })).queued > 0) mail?.kick();
      } catch (error) {
        request.log.warn({ err: error }, 'event message: first batch left to the worker');
      }
      return reply.code(201).send(sent);
    },
  );
};
