/**
 * The checkout (DESIGN.md "Money and orders"): price the order, write it `pending` under its
 * Idempotency-Key, charge it once, then record the outcome and its answer in one transaction.
 *
 * Exactly one request per key reaches the gateway: the one whose insert created the row. Any other
 * request with that key gets the stored answer (same body, settled), 409 (same body, still being
 * charged) or 422 (another body). A gateway whose answer is unknown leaves the order pending for
 * the reconciler and the visitor is told not to pay again.
 */
import { randomUUID } from 'node:crypto';
import type { CheckoutRequest } from '@store/shared/checkout';
import type { Site } from '@store/shared/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { GatewayUnavailableError, type PaymentGateway, type SaleOutcome } from '../payments/gateway';
import { idempotencyKeyReused, paymentInProgress, paymentUnconfirmed } from './checkout-errors';
import { assertBelowDeclineLimit, type DeclineSubject } from './decline-limit';
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
import type { StoredAnswer } from './tables';

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
  answer: StoredAnswer;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
};

function resultOf(answer: StoredAnswer, replayed: boolean): CheckoutResult {
  return { status: answer.success ? 200 : 402, answer, replayed };
}

/** What a request gets when its key already has an order. */
function answerExisting(order: Order, hash: string): CheckoutResult {
  if (order.requestHash !== hash) throw idempotencyKeyReused();
  if (!order.answer) throw paymentInProgress();
  return resultOf(order.answer, true);
}

/**
 * Why the pending insert wrote nothing, asked in the order the checkout always answered: an order
 * under the key first (a replay is answered even to a donor over the decline limit: it charges
 * nothing), then the limit (throws the 429). Null when neither holds (any more).
 */
async function answerNotInserted(
  db: Database,
  idempotencyKey: string,
  subject: DeclineSubject,
  hash: string,
): Promise<CheckoutResult | null> {
  const { order: earlier, declineWaitSeconds } = await findOrderAndDeclineWait(db, idempotencyKey, subject);
  if (earlier) return answerExisting(earlier, hash);
  // Before anything is stored or charged.
  assertBelowDeclineLimit(declineWaitSeconds);
  return null;
}

export async function placeOrder(input: PlaceOrderInput): Promise<CheckoutResult> {
  const { db, gateway, site, logger, body, idempotencyKey, clientIp, userId = null } = input;
  const hash = requestHash(body);
  // A retry is answered from the database first: even if the catalogue or the limits changed since.
  let prepared: PreparedOrder;
  try {
    prepared = prepareOrder(site, body);
  } catch (invalid) {
    const earlier = await findOrderByIdempotencyKey(db, idempotencyKey);
    if (earlier) return answerExisting(earlier, hash);
    throw invalid;
  }
  const values = {
    ...prepared,
    id: randomUUID(),
    idempotencyKey,
    requestHash: hash,
    gateway: gateway.name,
    clientIp,
    userId,
  };
  // The common case, a new key and a donor below the decline limit, is one statement. When it
  // inserts nothing and neither reason holds any more (the limit's window ran out, or the key's
  // order vanished, in between), it is tried once more.
  let order: Order | null = null;
  for (let attempt = 1; !order; attempt++) {
    if (attempt > 2) throw new Error('Idempotency-Key conflict without an order');
    order = await insertPendingOrderBelowDeclineLimit(db, values);
    if (!order) {
      const answer = await answerNotInserted(db, idempotencyKey, values, hash);
      if (answer) return answer;
    }
  }

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
    settled = await settleOrder({ db, site, logger, order, outcome, countDecline: true });
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
  return resultOf(recorded.answer, false);
}
