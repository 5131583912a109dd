/**
 * The payment calls of SPEC.md §7 (DESIGN.md "HTTP surface"):
 *   GET  /api/public/payment/token     a client token for the card widget (captcha: payment_token)
 *   POST /api/public/payment/checkout  charge the bucket (captcha: checkout; Idempotency-Key header)
 * plus the sandbox tokenizer (sandbox gateway only) and the gateway's webhook, in plugins of their own.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  checkoutDeclinedSchema,
  checkoutRequestSchema,
  checkoutSucceededSchema,
  clientTokenResponseSchema,
  idempotencyKeySchema,
} from '@store/shared/checkout';
import type { Site } from '@store/shared/site';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import type { CaptchaVerifier } from '../captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '../captcha/pre-handler';
import type { MailNotifier } from '../mail/worker';
import { TooManyDeclinesError } from '../orders/decline-limit';
import { placeOrder } from '../orders/place-order';
import { GatewayUnavailableError, type PaymentGateway } from './gateway';
import { isSandboxGateway } from './gateways/sandbox';
import { sandboxRoutes } from './sandbox-routes';
import { webhookRoutes } from './webhook-routes';

export type PaymentRoutesOptions = {
  db: Database;
  site: Site;
  gateway: PaymentGateway;
  captcha: CaptchaVerifier;
  /** Told when a receipt was queued, so it goes out now rather than at the worker's next poll. */
  mail?: MailNotifier | undefined;
  /**
   * The signed-in visitor's account (modules/auth/session-user.ts), whose dashboard then lists the
   * order; null for a guest. Unset: every checkout is a guest's.
   */
  resolveUserId?: ((request: FastifyRequest) => Promise<string | null>) | undefined;
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { db, site, gateway, captcha, mail, resolveUserId } = options;

  app.get(
    '/api/public/payment/token',
    {
      schema: {
        tags: ['payments'],
        summary: 'A client token for the card widget',
        headers: z.looseObject(captchaHeaders),
        response: { 200: clientTokenResponseSchema, 403: apiErrorSchema, 503: apiErrorSchema },
      },
      preHandler: captchaPreHandler(captcha, 'payment_token'),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        return { clientToken: await gateway.createClientToken(), gateway: gateway.name };
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        throw new AppError(
          'service_unavailable',
          'The payment service cannot be reached right now. Please try again in a moment.',
          { cause: error },
        );
      }
    },
  );

  app.post(
    '/api/public/payment/checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'Charge the bucket; repeat with the same Idempotency-Key to get the same answer',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema, ...captchaHeaders }),
        body: checkoutRequestSchema,
        response: {
          200: checkoutSucceededSchema,
          400: apiErrorSchema,
          402: checkoutDeclinedSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
      preHandler: captchaPreHandler(captcha, 'checkout'),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        const result = await placeOrder({
          db,
          gateway,
          site,
          logger: request.log,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          clientIp: request.ip,
          userId: resolveUserId ? await resolveUserId(request) : null,
        });
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        // The receipt's transaction has committed: the worker may send it at once.
        else if (result.answer.success) mail?.kick();
        return reply.code(result.status).send(result.answer);
      } catch (error) {
        if (error instanceof TooManyDeclinesError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  if (isSandboxGateway(gateway)) await app.register(sandboxRoutes, { gateway });
  await app.register(webhookRoutes, { db, gateway });
};
