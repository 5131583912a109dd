/**
 * POST /api/public/payment/sandbox/tokenize: the sandbox gateway's stand-in for Braintree's hosted
 * fields. The card (validated with the widget's own rules, @store/shared/card) is exchanged for a
 * single-use nonce. Only registered when the sandbox gateway runs.
 * The number and CVV are in the body only: Fastify logs no bodies, the error messages name fields
 * and never echo values, and nothing of the card but brand and last four is stored.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { sandboxTokenizeRequestSchema, sandboxTokenizeResponseSchema } from '@store/shared/card';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/errors/app-error';
import type { SandboxGateway } from './gateways/sandbox';

export type SandboxRoutesOptions = { gateway: SandboxGateway };

const BEARER = /^Bearer\s+(\S+)$/i;

export const sandboxRoutes: FastifyPluginAsyncZod<SandboxRoutesOptions> = async (app, { gateway }) => {
  app.post(
    '/api/public/payment/sandbox/tokenize',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway: exchange a card for a single-use payment nonce',
        headers: z.looseObject({ authorization: z.string().optional() }),
        body: sandboxTokenizeRequestSchema,
        response: {
          200: sandboxTokenizeResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
        },
      },
      // Before the body is validated: without a client token, nobody learns which card numbers pass.
      preValidation: async (request) => {
        const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
        if (!token || !gateway.verifyClientToken(token)) {
          throw new AppError(
            'unauthorized',
            'The payment form has expired or is not authorised. Please reload the payment form and try again.',
          );
        }
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return gateway.tokenize(request.body);
    },
  );
};
