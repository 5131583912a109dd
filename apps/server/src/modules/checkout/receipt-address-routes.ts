/**
 * Adding the donor's address to a gift whose CRA receipt waits for it (receipt-address.ts):
 *   GET  /api/public/receipt-address?token=…           the gift the e-mailed link names, for its page
 *   POST /api/public/receipt-address                   { token, street, city, province, postalCode }
 *   POST /api/account/receipts/:orderId/address        a signed-in donor's own gift (session cookie)
 * A POST that issues the official receipt answers 200 with its number, and the receipt is mailed;
 * one for a receipt already issued answers 409 and changes nothing.
 */
import { apiErrorSchema } from '@store/shared/api-error';
import {
  accountReceiptAddressPath,
  donorAddressSchema,
  RECEIPT_ADDRESS_API,
  receiptAddressGiftSchema,
  receiptAddressRequestSchema,
  receiptIssuedSchema,
} from '@store/shared/receipt-address';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/errors/app-error';
import type { ResolveAccountOwner } from '#src/lib/resolve-user-id';
import { TooManyLoginsError } from '#src/modules/admins/login-limit';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { ReceiptAddress } from './receipt-address';

export type ReceiptAddressRoutesOptions = {
  receiptAddress: ReceiptAddress;
  resolveOwner: ResolveAccountOwner;
  mail?: MailNotifier | undefined;
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

async function limited<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  reply.header('cache-control', 'no-store');
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyLoginsError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export const receiptAddressRoutes: FastifyPluginAsyncZod<ReceiptAddressRoutesOptions> = async (app, options) => {
  const { receiptAddress, resolveOwner, mail } = options;

  app.get(
    RECEIPT_ADDRESS_API,
    {
      schema: {
        tags: ['receipts'],
        summary: 'The gift an e-mailed "add your address" link names',
        querystring: z.object({ token: receiptAddressRequestSchema.shape.token }),
        response: { 200: receiptAddressGiftSchema, ...errors },
      },
    },
    async (request, reply) => limited(reply, () => receiptAddress.readGift(request.query.token, request.ip)),
  );

  app.post(
    RECEIPT_ADDRESS_API,
    {
      schema: {
        tags: ['receipts'],
        summary: "Add the donor's address through the e-mailed link: issues the official CRA receipt",
        body: receiptAddressRequestSchema,
        response: { 200: receiptIssuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, ...address } = request.body;
      const issued = await limited(reply, () => receiptAddress.addByLink(token, address, request.ip));
      mail?.kick();
      return issued;
    },
  );

  app.post(
    accountReceiptAddressPath(':orderId'),
    {
      schema: {
        tags: ['account'],
        summary: "Add the address of a signed-in donor's own gift: issues the official CRA receipt",
        params: z.object({ orderId: z.uuid('orderId must be an order id (a UUID)') }),
        body: donorAddressSchema,
        response: { 200: receiptIssuedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const owner = await resolveOwner(request);
      if (!owner) throw new AppError('unauthorized', 'Please log in to add your address.');
      const issued = await receiptAddress.addForOwner(owner, request.params.orderId, request.body);
      mail?.kick();
      return issued;
    },
  );
};
