/**
 * The payment gateway's own calls (DESIGN.md "HTTP surface"):
 *   GET  /api/public/payment/token     a client token for the card widget (captcha: payment_token)
 * plus the sandbox tokenizer (sandbox gateway only), in a plugin of its own. Nothing here knows
 * about orders: the checkout (modules/checkout) charges through the same gateway.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { clientTokenResponseSchema } from '@store/shared/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/errors/app-error';
import type { CaptchaVerifier } from '#src/modules/captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '#src/modules/captcha/pre-handler';
import { GatewayUnavailableError, type PaymentGateway } from './gateway';
import { isSandboxGateway } from './gateways/sandbox';
import { sandboxRoutes } from './sandbox-routes';

export type PaymentRoutesOptions = {
  gateway: PaymentGateway;
  captcha: CaptchaVerifier;
};

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, { gateway, captcha }) => {
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

  if (isSandboxGateway(gateway)) await app.register(sandboxRoutes, { gateway });
};
