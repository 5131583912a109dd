/**
 * The back office's orders and refunds (issue 21; packages/shared/src/staff.ts lists the calls):
 *   GET  /api/staff/orders?q=&center=&cursor=   readOrders (a volunteer: their center only)
 *   GET  /api/staff/orders/:id                  readOrders (403 other_center outside a volunteer's center)
 *   POST /api/staff/orders/:id/refunds          moveMoney, header Idempotency-Key
 * The staff guard refuses other origins, missing sessions and roles before a handler runs.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { idempotencyKeySchema } from '@store/shared/checkout';
import {
  refundRequestSchema,
  refundResultSchema,
  staffOrderDetailSchema,
  staffOrderPageSchema,
} from '@store/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { decodeCursor } from '#src/modules/report/cursor';
import { auditActor } from '#src/modules/staff/audit';
import { centerScopeOf, createStaffGuard, staffOf } from '#src/modules/staff/require-staff';
import { findOrderCenter } from './order-center';
import { orderNotFound, orderOfOtherCenter } from './refund-errors';
import { refundOrder } from './refund-order';
import { findStaffOrder, listStaffOrders, refundSummaries } from './staff-orders';

export type RefundRoutesOptions = {
  db: Database;
  gateway: PaymentGateway;
  allowedOrigins: readonly string[];
  timeZone: string;
  mail?: MailNotifier | undefined;
};

const orderParams = z.object({ id: z.uuid('id must be an order id (a UUID)') });
const centerId = z.coerce
  .number({ error: 'must be a center id' })
  .int('must be a center id')
  .positive('must be a center id')
  .max(2_147_483_647, 'must be a center id');
const ordersQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'must be at most 200 characters')
    .refine((q) => !q.includes('\u0000'), 'must not contain NUL characters')
    .optional(),
  center: centerId.optional(),
  cursor: z.string().max(200, 'must be a nextCursor from an orders page').optional(),
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

export const refundRoutes: FastifyPluginAsyncZod<RefundRoutesOptions> = async (app, options) => {
  const { db, gateway, timeZone, mail } = options;
  const guard = createStaffGuard({ db, allowedOrigins: options.allowedOrigins });

  app.get(
    '/api/staff/orders',
    {
      preHandler: guard('readOrders'),
      schema: {
        tags: ['staff'],
        summary: 'Orders, newest first; a volunteer sees their own center only',
        querystring: ordersQuery,
        response: { 200: staffOrderPageSchema, ...errors },
      },
    },
    async (request) => {
      const { q, center, cursor } = request.query;
      return listStaffOrders(db, {
        q,
        center,
        after: cursor ? decodeCursor(cursor) : undefined,
        centerScope: centerScopeOf(staffOf(request)),
      });
    },
  );

  app.get(
    '/api/staff/orders/:id',
    {
      preHandler: guard('readOrders'),
      schema: {
        tags: ['staff'],
        summary: 'One order with its products and refunds',
        params: orderParams,
        response: { 200: staffOrderDetailSchema, ...errors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const centerScope = centerScopeOf(staffOf(request));
      const order = await findStaffOrder(db, request.params.id, centerScope);
      if (order) return order;
      const elsewhere = centerScope === undefined ? null : await findOrderCenter(db, request.params.id);
      throw elsewhere === null ? orderNotFound(request.params.id) : orderOfOtherCenter(elsewhere);
    },
  );

  app.post(
    '/api/staff/orders/:id/refunds',
    {
      preHandler: guard('moveMoney'),
      schema: {
        tags: ['staff'],
        summary: 'Refund or void a paid card order, whole or in part; repeat with the same Idempotency-Key',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema }),
        params: orderParams,
        body: refundRequestSchema,
        response: {
          200: refundResultSchema,
          ...errors,
          404: apiErrorSchema,
          409: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const result = await refundOrder({
        db,
        gateway,
        logger: request.log,
        orderId: request.params.id,
        amountCents: request.body.amountCents,
        reason: request.body.reason,
        idempotencyKey: request.headers['idempotency-key'],
        actor: auditActor(request),
        staffId: staff.id,
        timeZone,
      });
      if (result.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      // The corrected receipt's transaction has committed: the worker may send it at once.
      else mail?.kick();
      const order = await findStaffOrder(db, request.params.id, undefined);
      if (!order) throw orderNotFound(request.params.id);
      const [refund] = await refundSummaries(db, [result.answer]);
      if (!refund) throw new Error('the refund summary is missing');
      return { refund, order };
    },
  );
};
