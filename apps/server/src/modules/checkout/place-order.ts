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
import type { Locale } from '@store/shared/i18n/locales';
import { monthlyGiftMessages } from '@store/shared/monthly-giving';
import { merchantAccountOf } from '@store/shared/prices';
import type { Site } from '@store/shared/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import {
  type IdempotencyRules,
  type IdempotentResult,
  idempotentRequest,
  KEY_TAKEN,
  replayStored,
} from '#src/lib/idempotent-request';
import { homeAmountOf } from '#src/modules/exchange-rates/home-amount';
import {
  findOrderById,
  findOrderByIdempotencyKey,
  type Order,
  receiptSettings,
  settleOrder,
} from '#src/modules/ledger/index';
import {
  GatewayUnavailableError,
  type PaymentGateway,
  type SaleInput,
  type SaleOutcome,
} from '#src/modules/payments/gateway';
import { queueTributeCard } from '#src/modules/tributes/queue-tribute-card';
import { type CheckoutAnswer, checkoutAnswer, storedAttempt } from './checkout-answer';
import { idempotencyKeyReused, paymentInProgress, paymentUnconfirmed } from './checkout-errors';
import {
  ATTEMPTS_IN_FLIGHT,
  assertBelowDeclineLimit,
  PLACE_QUEUE_MS,
  placePollDelayMs,
  TooManyDeclinesError,
} from './decline-limit';
import { hasMonthlyLine, type MonthlyGiftStarter } from './monthly-gift-starter';
import { findOrderAndDeclineWait, insertPendingOrderBelowDeclineLimit } from './order-repo';
import { type PreparedOrder, prepareOrder } from './prepare-order';
import { requestHash } from './request-hash';

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
  /** Issue 22: starts the monthly gifts of a bucket with a monthly line (monthly-giving module). */
  monthlyGifts?: MonthlyGiftStarter | undefined;
  /**
   * The request's language (i18n/request-locale.ts), kept on the order for its receipt; unset,
   * English. Not part of the request's fingerprint: a retry from a page in another language is the
   * same checkout.
   */
  locale?: Locale | undefined;
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

/**
 * How the card is charged: with the nonce; or, for a bucket with a monthly line (issue 22), with the
 * card stored in the gateway's vault first, the order's 'starting' gifts written, then the stored
 * card charged. A card the vault refuses is the order's decline (nothing charged, no gift).
 */
async function charge(input: PlaceOrderInput, order: Order): Promise<SaleOutcome> {
  const { gateway, body, monthlyGifts } = input;
  const customer = { firstName: order.firstName, lastName: order.lastName, email: order.email };
  const sale = {
    orderId: order.id,
    amountCents: order.amountCents,
    customer,
    merchantAccountId: merchantAccountOf(input.site.entities, order.entityKey),
  };
  const methodHint = body.paymentMethod;
  if (!hasMonthlyLine(order.products)) return gateway.sale({ ...sale, nonce: body.nonce, methodHint });
  if (!monthlyGifts) throw new Error('a monthly line reached a checkout without monthly gifts wired');
  const vaulted = await gateway.vault({ nonce: body.nonce, customer, methodHint });
  if (vaulted.status === 'failed') return { status: 'failed', message: vaulted.message };
  await monthlyGifts.start(order, vaulted);
  const stored: SaleInput = { ...sale, paymentMethodToken: vaulted.paymentMethodToken, recurring: false };
  return gateway.sale(stored);
}

/** Charges a pending order this request inserted (it owns the key) and records the outcome. */
async function chargeAndSettle(input: PlaceOrderInput, order: Order): Promise<CheckoutAnswer> {
  const { db, site, logger, monthlyGifts } = input;
  let outcome: SaleOutcome;
  try {
    outcome = await charge(input, order);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    logger.warn({ err: error, orderId: order.id }, 'payment outcome unknown; the reconciler will settle the order');
    throw paymentUnconfirmed(order.id, error);
  }

  let settled: Order | null;
  try {
    settled = await settleOrder({ db, logger, order, outcome, countDecline: true, receipts: receiptSettings(site) });
  } catch (error) {
    // Money may have moved but the outcome is not recorded: the order stays pending for the reconciler.
    logger.error({ err: error, orderId: order.id, outcome: outcome.status }, 'could not record the payment outcome');
    throw paymentUnconfirmed(order.id, error);
  }
  // Null: the reconciler settled this order while the gateway was answering; its record stands.
  const recorded = settled ?? (await findOrderById(db, order.id));
  if (!recorded?.answer) throw paymentUnconfirmed(order.id);
  // The order's gifts follow it now; if this fails (or the process dies first), the billing run does it.
  if (monthlyGifts && hasMonthlyLine(order.products)) {
    await monthlyGifts.settle(order.id).catch((error: unknown) => {
      logger.error({ err: error, orderId: order.id }, 'monthly gifts not settled; the billing run will');
    });
  }
  // The tribute's card, in its own transaction (the settlement is one statement); if this fails or
  // the process dies first, the reconciler's sweep queues it (tributes/queue-tribute-card.ts).
  let cardHeld = false;
  if (recorded.status === 'succeeded' && recorded.tribute?.card) {
    const card = await queueTributeCard(db, order.id).catch((error: unknown) => {
      logger.error({ err: error, orderId: order.id }, 'tribute card not queued; the reconciler will');
      return null;
    });
    cardHeld = card === 'limited';
  }
  logger.info(
    { orderId: order.id, status: recorded.status, processorCode: recorded.processorCode },
    'checkout settled',
  );
  const answer = checkoutAnswer(recorded, recorded.answer, site);
  // The thank-you page says a card over the relay limit was not sent (a replay, built from the row
  // alone, does not know it and says the card was asked for).
  return cardHeld && answer.success && answer.tributeCard
    ? { ...answer, tributeCard: { ...answer.tributeCard, held: true } }
    : answer;
}

export async function placeOrder(input: PlaceOrderInput): Promise<CheckoutResult> {
  const { db, gateway, site, body, idempotencyKey, clientIp, userId = null, locale = 'en' } = input;
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
  // A monthly gift is managed from an account's dashboard: refused before anything is written.
  if (userId === null && hasMonthlyLine(prepared.products)) {
    throw new AppError('unauthorized', monthlyGiftMessages.signInRequired, {
      fields: { products: monthlyGiftMessages.signInRequired },
    });
  }
  // Counted in the home currency at its day's rate, kept on the order (decision 0040).
  const home = await homeAmountOf(db, {
    currency: prepared.currency,
    amountCents: prepared.amountCents,
    at: new Date(),
    timeZone: site.foundation.timeZone,
    homeCurrency: site.exchangeRates.homeCurrency,
  });
  const values = {
    ...prepared,
    ...home,
    id: randomUUID(),
    idempotencyKey,
    requestHash: rules.requestHash,
    gateway: gateway.name,
    test: gateway.test,
    clientIp,
    userId,
    locale,
  };
  // Why a claim inserted nothing, kept for `findStored` so the question is not asked twice.
  let known: Awaited<ReturnType<typeof findOrderAndDeclineWait>> | null = null;
  // How long this request may wait for a place under the card-testing limit, all claims together.
  const deadline = Date.now() + PLACE_QUEUE_MS;
  const result = await idempotentRequest<CheckoutAnswer>({
    ...rules,
    // The common case, a new key and a donor below the decline limit, is this one statement: the
    // pending insert, guarded by the card-testing claim, claims the key and a place under the limit.
    // Then the sale and the settlement. When the donor's places are all held by attempts still at
    // the gateway, it waits for one (decline-limit.ts): those end in a moment, as a success that
    // frees its place or a decline that keeps it.
    claimAndRun: async () => {
      // Verdicts of 0 in a row: a place freed between the insert and the look (claim it at once), or
      // an insert that writes nothing for no reason the database shows, which must not loop forever.
      let freeInARow = 0;
      for (;;) {
        const order = await insertPendingOrderBelowDeclineLimit(db, values);
        if (order) return chargeAndSettle(input, order);
        known = await findOrderAndDeclineWait(db, idempotencyKey, values);
        if (known.order || known.declineWaitSeconds > 0 || Date.now() >= deadline) return KEY_TAKEN;
        if (known.declineWaitSeconds === ATTEMPTS_IN_FLIGHT) {
          freeInARow = 0;
          await new Promise((resolve) => setTimeout(resolve, placePollDelayMs()));
        } else if (++freeInARow >= 2) {
          return KEY_TAKEN;
        }
      }
    },
    // Why the insert wrote nothing, asked in the order the checkout always answered: an order under
    // the key first (a replay is answered even to a donor over the decline limit: it charges nothing),
    // then the limit (throws the 429, before anything is stored or charged). Null when neither holds
    // any more (the limit's window ran out, or the key's order vanished): the insert is tried again.
    findStored: async () => {
      const { order, declineWaitSeconds } = known ?? (await findOrderAndDeclineWait(db, idempotencyKey, values));
      known = null;
      if (order) return storedAttempt(order, site);
      assertBelowDeclineLimit(declineWaitSeconds);
      // Still no place after PLACE_QUEUE_MS: the attempts at the gateway are slow; try again later.
      if (Date.now() >= deadline) throw new TooManyDeclinesError(60, true);
      return null;
    },
  });
  return resultOf(result);
}
