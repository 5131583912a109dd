/**
 * The checkout (DESIGN.md "Money and orders"): price the order, write it `pending` under its
 * Idempotency-Key, charge it once, then record the outcome and its answer in one transaction.
 *
 * Exactly one request per key reaches the gateway: the one whose insert created the row. Any other
 * request with that key gets the stored answer (same body, settled), 409 (same body, still being
 * charged) or 422 (another body): lib/idempotent-request.ts, which event registrations share. A gateway whose answer is unknown leaves the order pending for
 * the reconciler and the visitor is told not to pay again.
 */
import { randomUUID } from 'node:crypto';
import type { CheckoutRequest } from '@store/shared/checkout';
import type { Site } from '@store/shared/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import {
  type IdempotencyRules,
  type IdempotentResult,
  idempotentRequest,
  KEY_TAKEN,
  replayStored,
} from '#src/lib/idempotent-request';
import { GatewayUnavailableError, type PaymentGateway, type SaleOutcome } from '#src/modules/payments/gateway';
import { type CheckoutAnswer, checkoutAnswer, storedAttempt } from './checkout-answer';
import { idempotencyKeyReused, paymentInProgress, paymentUnconfirmed } from './checkout-errors';
import { assertBelowDeclineLimit } from './decline-limit';
import {
  findOrderAndDeclineWait,
  findOrderById,
  findOrderByIdempotencyKey,
  insertPendingOrderBelowDeclineLimit,
  type Order,
} from './order-repo';
import { type PreparedOrder, prepareOrder } from './prepare-order';
import { requestHash } from './request-hash';
import { settleOrder } from './settle-order';

export type PlaceOrderInput = {
  db: Database;
  gateway: PaymentGateway;
  site: Site;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  body: CheckoutRequest;
  idempotencyKey: string;
  clientIp: string;
  /** The signed-in visitor's account, or null for a guest (not part of the request's fingerprint). */
  userId?: string | null;
};

export type CheckoutResult = {
  /** 200 charged, 402 refused by the gateway (nothing charged). */
  status: 200 | 402;
  answer: CheckoutAnswer;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
};

function resultOf({ answer, replayed }: IdempotentResult<CheckoutAnswer>): CheckoutResult {
  return { status: answer.success ? 200 : 402, answer, replayed };
}

/** Charges a pending order this request inserted (it owns the key) and records the outcome. */
async function chargeAndSettle(input: PlaceOrderInput, order: Order): Promise<CheckoutAnswer> {
  const { db, gateway, site, logger, body } = input;
  let outcome: SaleOutcome;
  try {
    outcome = await gateway.sale({
      orderId: order.id,
      amountCents: order.amountCents,
      nonce: body.nonce,
      customer: { firstName: order.firstName, lastName: order.lastName, email: order.email },
    });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    logger.warn({ err: error, orderId: order.id }, 'payment outcome unknown; the reconciler will settle the order');
    throw paymentUnconfirmed(order.id, error);
  }

  let settled: Order | null;
  try {
    settled = await settleOrder({ db, logger, order, outcome, countDecline: true });
  } catch (error) {
    // Money may have moved but the outcome is not recorded: the order stays pending for the reconciler.
    logger.error({ err: error, orderId: order.id, outcome: outcome.status }, 'could not record the payment outcome');
    throw paymentUnconfirmed(order.id, error);
  }
  // Null: the reconciler settled this order while the gateway was answering; its record stands.
  const recorded = settled ?? (await findOrderById(db, order.id));
  if (!recorded?.answer) throw paymentUnconfirmed(order.id);
  logger.info(
    { orderId: order.id, status: recorded.status, processorCode: recorded.processorCode },
    'checkout settled',
  );
  return checkoutAnswer(recorded, recorded.answer, site);
}

export async function placeOrder(input: PlaceOrderInput): Promise<CheckoutResult> {
  const { db, gateway, site, body, idempotencyKey, clientIp, userId = null } = input;
  // An order is its Idempotency-Key's stored attempt: its request_hash and answer (null while pending).
  const rules: IdempotencyRules = {
    requestHash: requestHash(body),
    keyReused: idempotencyKeyReused,
    inProgress: paymentInProgress,
  };
  // A retry is answered from the database first: even if the catalogue or the limits changed since.
  let prepared: PreparedOrder;
  try {
    prepared = prepareOrder(site, body);
  } catch (invalid) {
    const earlier = await findOrderByIdempotencyKey(db, idempotencyKey);
    if (earlier) return resultOf(replayStored(storedAttempt(earlier, site), rules));
    throw invalid;
  }
  const values = {
    ...prepared,
    id: randomUUID(),
    idempotencyKey,
    requestHash: rules.requestHash,
    gateway: gateway.name,
    clientIp,
    userId,
  };
  const result = await idempotentRequest<CheckoutAnswer>({
    ...rules,
    // The common case, a new key and a donor below the decline limit, is this one statement: the
    // pending insert, guarded by the card-testing check, claims the key. Then the sale and the settlement.
    claimAndRun: async () => {
      const order = await insertPendingOrderBelowDeclineLimit(db, values);
      return order ? chargeAndSettle(input, order) : KEY_TAKEN;
    },
    // Why the insert wrote nothing, asked in the order the checkout always answered: an order under
    // the key first (a replay is answered even to a donor over the decline limit: it charges nothing),
    // then the limit (throws the 429, before anything is stored or charged). Null when neither holds
    // any more (the limit's window ran out, or the key's order vanished): the insert is tried again.
    findStored: async () => {
      const { order, declineWaitSeconds } = await findOrderAndDeclineWait(db, idempotencyKey, values);
      if (order) return storedAttempt(order, site);
      assertBelowDeclineLimit(declineWaitSeconds);
      return null;
    },
  });
  return resultOf(result);
}
