/**
 * The donor's monthly gifts (issue 22), behind the session cookie and the Origin check like the
 * other account calls:
 *   GET   /api/account/monthly-gifts               the account's gifts and their charges
 *   PATCH /api/account/monthly-gifts/:id           { amount } (an open amount) or { tierId } (a concert
 *                                                  tier's gift): from the next charge; a tier's amount
 *                                                  is its price, never typed (400 naming the field)
 *   POST  /api/account/monthly-gifts/:id/pause | resume | cancel
 *   POST  /api/account/monthly-gifts/:id/card      { nonce }: a new card (402 card_refused when the gateway refuses it)
 *   PUT   /api/account/monthly-gifts/:id/cover-fee { coverFee }: each charge covers the processing fee, or not
 * Another account's gift answers 404, a cancelled gift 409 to every change.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  changeMonthlyGiftSchema,
  coverMonthlyFeeSchema,
  monthlyGiftMessages,
  monthlyGiftSchema,
  monthlyGiftsResponseSchema,
  updateMonthlyCardSchema,
} from '@store/shared/monthly-giving';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import { isUuid } from '#src/lib/uuid';
import { originGuard } from '#src/modules/auth/origin-check';
import type { SessionStore } from '#src/modules/auth/sessions';
import { signedInSession } from '#src/modules/auth/signed-in-session';
import type { MailNotifier } from '#src/modules/mail/worker';
import { GatewayUnavailableError, type PaymentGateway } from '#src/modules/payments/gateway';
import type { SiteSource } from '#src/site/site-source';
import type { Foundation, GiftAction } from './gift-change-mail';
import { listAccountGifts } from './gift-view';
import {
  cancel,
  changeGift,
  type GiftChange,
  type ManageContext,
  newAmount,
  newCard,
  newTier,
  pause,
  resume,
} from './manage-gift';
import { isOfferedTier, offeredTiers } from './offered-tiers';
import type { MonthlyGiftRow } from './tables';

export type MonthlyGiftRoutesOptions = {
  db: Database;
  sessions: SessionStore;
  gateway: PaymentGateway;
  allowedOrigins: readonly string[];
  timeZone: string;
  foundation: Foundation;
  /** The concert tiers as staff edit them now: a tier's gift moves to one at its current price. */
  siteSource: SiteSource;
  mail?: MailNotifier | undefined;
};

const PATH = '/api/account/monthly-gifts';
const giftResponse = z.object({ gift: monthlyGiftSchema });
const params = z.object({ id: z.string().max(100) });
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const notFound = () => new AppError('not_found', 'You have no monthly gift with this id.');

export const monthlyGiftRoutes: FastifyPluginAsyncZod<MonthlyGiftRoutesOptions> = async (app, options) => {
  const { db, sessions, gateway, allowedOrigins, timeZone, foundation, siteSource, mail } = options;
  const concert = async () => (await siteSource.current()).site.concert;
  const entities = async () => (await siteSource.current()).site.entities;
  app.addHook('onRequest', originGuard(allowedOrigins));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function contextOf(request: FastifyRequest, reply: Parameters<typeof signedInSession>[1]) {
    const { user } = await signedInSession(request, reply, sessions);
    return { db, userId: user.id, timeZone, foundation } satisfies ManageContext;
  }

  /** The gift as the donor sees it after a change (its id checked first: not a UUID is not found). */
  async function giftOf(context: ManageContext, id: string) {
    const [gift] = await listAccountGifts(
      db,
      context.userId,
      timeZone,
      offeredTiers(await concert()),
      id,
      await entities(),
    );
    if (!gift) throw notFound();
    return { gift };
  }

  async function apply(
    context: ManageContext,
    id: string,
    action: GiftAction,
    decide: (gift: MonthlyGiftRow) => GiftChange | null,
  ) {
    if (!isUuid(id)) throw notFound();
    await changeGift(context, id, action, decide);
    mail?.kick();
    return giftOf(context, id);
  }

  app.get(
    PATH,
    {
      schema: {
        tags: ['account'],
        summary: "The signed-in donor's monthly gifts with their charges, newest first",
        response: { 200: monthlyGiftsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { userId } = await contextOf(request, reply);
      return {
        gifts: await listAccountGifts(db, userId, timeZone, offeredTiers(await concert()), undefined, await entities()),
      };
    },
  );

  app.patch(
    `${PATH}/:id`,
    {
      schema: {
        tags: ['account'],
        summary:
          "Change an open-amount gift's amount, or move a concert tier's gift to another tier at its price, from the next charge",
        params,
        body: changeMonthlyGiftSchema,
        response: { 200: giftResponse, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = await contextOf(request, reply);
      const { amount, tierId } = request.body;
      // The schema lets exactly one of the two through.
      if (amount !== undefined) return apply(context, request.params.id, 'amount', newAmount(amount));
      const tiers = await concert();
      const tier = tiers.find((item) => item.id === tierId && isOfferedTier(item));
      if (!tier) {
        throw new AppError('validation_error', monthlyGiftMessages.tierUnknown, {
          fields: { tierId: monthlyGiftMessages.tierUnknown },
        });
      }
      return apply(
        context,
        request.params.id,
        'tier',
        newTier(
          tier,
          tiers.map((item) => item.id),
        ),
      );
    },
  );

  app.put(
    `${PATH}/:id/cover-fee`,
    {
      schema: {
        tags: ['account'],
        summary: "Cover the processing fee on each of a monthly gift's charges, or stop, from the next charge",
        params,
        body: coverMonthlyFeeSchema,
        response: { 200: giftResponse, 400: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { coverFee } = request.body;
      return apply(await contextOf(request, reply), request.params.id, 'coverFee', (gift) =>
        gift.coverFee === coverFee ? null : { coverFee },
      );
    },
  );

  const simple = { pause: () => pause, resume: () => resume(timeZone), cancel: () => cancel } as const;
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(
      `${PATH}/:id/${action}`,
      {
        schema: {
          tags: ['account'],
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a monthly gift`,
          params,
          response: { 200: giftResponse, ...errors },
        },
      },
      async (request, reply) => apply(await contextOf(request, reply), request.params.id, action, simple[action]()),
    );
  }

  app.post(
    `${PATH}/:id/card`,
    {
      schema: {
        tags: ['account'],
        summary:
          'Charge a monthly gift to a new card (stored by the gateway); a gift paused for declines is tried today',
        params,
        body: updateMonthlyCardSchema,
        response: { 200: giftResponse, 400: apiErrorSchema, 402: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const context = await contextOf(request, reply);
      const { id } = request.params;
      if (!isUuid(id)) throw notFound();
      const current = await currentGift(context, id);
      // The gateway call is outside the change's transaction: it may take seconds.
      const vaulted = await gateway
        .vault({
          nonce: request.body.nonce,
          customer: { firstName: current.firstName, lastName: current.lastName, email: current.email },
          customerId: current.vaultCustomerId,
        })
        .catch((error: unknown) => {
          // Nothing was charged and the old card stays: the donor may simply try again.
          if (!(error instanceof GatewayUnavailableError)) throw error;
          throw new AppError(
            'service_unavailable',
            'The card could not be stored just now. Please try again in a moment.',
            {
              cause: error,
            },
          );
        });
      if (vaulted.status === 'failed') throw new AppError('card_refused', vaulted.message);
      return apply(context, id, 'card', newCard(timeZone, vaulted));
    },
  );

  /** The gift before a card change: the gateway's customer and the donor's name (404, 409 as a change). */
  async function currentGift(context: ManageContext, id: string): Promise<MonthlyGiftRow> {
    let found: MonthlyGiftRow | undefined;
    await changeGift(context, id, 'card', (gift) => {
      found = gift;
      return null;
    });
    if (!found) throw notFound();
    return found;
  }
};
