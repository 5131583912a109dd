/**
 * The checkout of SPEC.md §7 (DESIGN.md "HTTP surface"):
 *   POST /api/public/payment/checkout  charge the bucket (captcha: checkout; Idempotency-Key header)
 * plus the gateway's webhook, which settles orders after the fact, in a plugin of its own. The card
 * widget's token and the sandbox tokenizer are the payments module's (modules/payments/routes.ts).
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  checkoutDeclinedSchema,
  checkoutRequestSchema,
  checkoutSucceededSchema,
  idempotencyKeySchema,
} from '@store/shared/checkout';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { requestLocale } from '#src/i18n/request-locale';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import type { ResolveUserId } from '#src/lib/resolve-user-id';
import type { CaptchaVerifier } from '#src/modules/captcha/captcha-verifier';
import { captchaHeaders, captchaPreHandler } from '#src/modules/captcha/pre-handler';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import type { SiteSource } from '#src/site/site-source';
import { TooManyDeclinesError } from './decline-limit';
import type { MonthlyGiftStarter } from './monthly-gift-starter';
import { placeOrder } from './place-order';
import { webhookRoutes } from './webhook-routes';

export type CheckoutRoutesOptions = {
  db: Database;
  /** Read per checkout: a price an editor changed on any process is the price charged (issue 21). */
  siteSource: SiteSource;
  gateway: PaymentGateway;
  captcha: CaptchaVerifier;
  /** Told when a receipt was queued, so it goes out now rather than at the worker's next poll. */
  mail?: MailNotifier | undefined;
  /**
   * The signed-in visitor's account (modules/auth/session-user.ts), whose dashboard then lists the
   * order; null for a guest. Unset: every checkout is a guest's.
   */
  resolveUserId?: ResolveUserId | undefined;
  /** Issue 22: starts the gifts of a bucket with a monthly line; unset, such a bucket cannot be charged. */
  monthlyGifts?: MonthlyGiftStarter | undefined;
};

/** Where a bucket is charged; the metrics count its answers by outcome (modules/metrics). */
export const CHECKOUT_PATH = '/api/public/payment/checkout';

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, options) => {
  const { db, siteSource, gateway, captcha, mail, resolveUserId, monthlyGifts } = options;

  app.post(
    CHECKOUT_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: 'Charge the bucket; repeat with the same Idempotency-Key to get the same answer',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema, ...captchaHeaders }),
        body: checkoutRequestSchema,
        response: {
          200: checkoutSucceededSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
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
        const { site } = await siteSource.current();
        const result = await placeOrder({
          db,
          gateway,
          site,
          logger: request.log,
          body: request.body,
          idempotencyKey: request.headers['idempotency-key'],
          clientIp: request.ip,
          userId: resolveUserId ? await resolveUserId(request) : null,
          monthlyGifts,
          // The page's language: the receipt is written in it (an unknown ?lang= is English).
          locale: requestLocale(request),
        });
        if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
        // The receipt's transaction has committed: the worker may send it at once.
        else if (result.answer.success) mail?.kick();
        return reply.code(result.status).send(result.answer);
      } catch (error) {
        if (error instanceof TooManyDeclinesError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  await app.register(webhookRoutes, { db, gateway });
};
