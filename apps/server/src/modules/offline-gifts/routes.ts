/**
 * Offline gifts in the back office (issue 21; calls in packages/shared/src/staff.ts): record one
 * (Idempotency-Key: a double click records it once), dated in an open tax year (the form asks which
 * days those are), and void a mistaken one. Treasurers and owners.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import { idempotencyKeySchema } from '@store/shared/checkout';
import { offlineGiftDatesSchema } from '@store/shared/offline-gift-dates';
import { offlineGiftRequestSchema, staffOrderDetailSchema, voidOfflineGiftRequestSchema } from '@store/shared/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '#src/db/client';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import type { MailNotifier } from '#src/modules/mail/worker';
import { findStaffOrder } from '#src/modules/refunds/staff-orders';
import { auditActor } from '#src/modules/staff/audit';
import type { StaffGuard } from '#src/modules/staff/require-staff';
import { staffErrorResponses } from '#src/modules/staff/staff-error-responses';
import { offlineGiftDatesNow } from './offline-gift-dates-now';
import { type OfflineGiftSite, recordOfflineGift } from './record-offline-gift';
import { voidOfflineGift } from './void-offline-gift';

export type OfflineGiftRoutesOptions = {
  db: Database;
  guard: StaffGuard;
  /** Receipt numbering as the entities now stand (the owner may add one, with its series). */
  receipts: () => Promise<ReceiptSettings>;
  /** The foundation's zone: the tax year a gift falls in. */
  timeZone: string;
  /** OPEN_TAX_YEARS: how many tax years, this one included, take offline gifts. */
  openTaxYears: number;
  /** The centers and causes as staff edit them now. */
  site: () => Promise<OfflineGiftSite>;
  mail?: MailNotifier | undefined;
};

/** An Idempotency-Key sent again with another gift is refused as unprocessable. */
const errors = { ...staffErrorResponses, 422: apiErrorSchema };

export const offlineGiftRoutes: FastifyPluginAsyncZod<OfflineGiftRoutesOptions> = async (app, options) => {
  const { db, guard, receipts, openTaxYears, site, mail } = options;
  const { timeZone } = options;
  const datesNow = () => offlineGiftDatesNow(timeZone, openTaxYears);

  async function detail(orderId: string) {
    const order = await findStaffOrder(db, orderId, undefined);
    if (!order) throw new Error(`offline gift ${orderId} was recorded but cannot be read`);
    return order;
  }

  app.get(
    '/api/staff/offline-gifts/dates',
    {
      schema: {
        tags: ['staff'],
        summary: 'The days an offline gift may be dated: the open tax years, up to today (the foundation’s zone)',
        response: { 200: offlineGiftDatesSchema, ...errors },
      },
      preHandler: guard('moveMoney'),
    },
    async () => datesNow(),
  );

  app.post(
    '/api/staff/offline-gifts',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Record a cash, cheque or bank-transfer gift; repeat with the same Idempotency-Key to get the same order',
        headers: z.looseObject({ 'idempotency-key': idempotencyKeySchema }),
        body: offlineGiftRequestSchema,
        response: { 200: staffOrderDetailSchema, 201: staffOrderDetailSchema, ...errors },
      },
      preHandler: guard('moveMoney'),
    },
    async (request, reply) => {
      const { orderId, replayed } = await recordOfflineGift({
        db,
        input: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        actor: auditActor(request),
        site,
        receipts: await receipts(),
        dates: datesNow(),
      });
      if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      else mail?.kick();
      return reply.code(replayed ? 200 : 201).send(await detail(orderId));
    },
  );

  app.post(
    '/api/staff/orders/:id/void',
    {
      schema: {
        tags: ['staff'],
        summary: 'Void a mistaken offline gift (it stays, counted as taken back, with a void receipt)',
        params: z.object({ id: z.uuid('id must be an order id (a UUID)') }),
        body: voidOfflineGiftRequestSchema,
        response: { 200: staffOrderDetailSchema, ...errors },
      },
      preHandler: guard('moveMoney'),
    },
    async (request) => {
      await voidOfflineGift(db, {
        orderId: request.params.id,
        reason: request.body.reason,
        actor: auditActor(request),
        timeZone,
      });
      mail?.kick();
      return detail(request.params.id);
    },
  );
};
