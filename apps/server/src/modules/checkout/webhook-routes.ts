/**
 * POST /api/webhooks/braintree: Braintree's notifications (settlement, disputes), posted as an HTML
 * form with `bt_signature` and `bt_payload`. The gateway verifies the signature; a notification
 * that does not verify is refused (401) and changes nothing. With the sandbox gateway the same
 * endpoint takes the sandbox's own signed notifications (gateways/sandbox-webhook.ts).
 */
import { apiErrorSchema } from '@store/shared/api-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { type PaymentGateway, WebhookSignatureError } from '#src/modules/payments/gateway';
import { applyPaymentEvent } from './apply-payment-event';

const webhookBodySchema = z.object({
  bt_signature: z.string().min(1, 'bt_signature is required').max(10_000),
  bt_payload: z.string().min(1, 'bt_payload is required').max(200_000),
});

export type WebhookRoutesOptions = { db: Database; gateway: PaymentGateway };

export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, { db, gateway }) => {
  // Braintree posts a form. Parsed here, in this plugin only, so no other route accepts form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post(
    '/api/webhooks/braintree',
    {
      schema: {
        tags: ['payments'],
        summary: 'Payment gateway notifications (settlement, disputes)',
        consumes: ['application/x-www-form-urlencoded'],
        body: webhookBodySchema,
        response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      let event: Awaited<ReturnType<PaymentGateway['parseWebhook']>>;
      try {
        event = await gateway.parseWebhook(request.body.bt_signature, request.body.bt_payload);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError('unauthorized', 'The webhook signature does not verify.', { cause: error });
        }
        throw new AppError('bad_request', 'The webhook payload could not be read.', { cause: error });
      }
      await applyPaymentEvent(db, request.log, event);
      return { received: true as const };
    },
  );
};
