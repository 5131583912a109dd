/**
 * One claimed charge (a PENDING order, claim-charges.ts): the stored card is charged with our order
 * id, the order settled as the checkout settles one (receipt queued and numbered in that statement),
 * then a decline applied to the gift (apply-outcome.ts; a success is applied by the run, with its
 * batch's others). A gateway whose answer is unknown leaves
 * the order pending: the order reconciler asks the gateway later, and a billing run then applies what
 * it recorded (recorded-outcomes.ts).
 */

import type { Currency } from '@store/shared/currencies';
import { merchantAccountOf } from '@store/shared/prices';
import type { Entity } from '@store/shared/site';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { faultPoint } from '#src/lib/fault-point';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import { findOrderById, type Order, settleOrder } from '#src/modules/ledger/index';
import { GatewayUnavailableError, type PaymentGateway, type SaleOutcome } from '#src/modules/payments/gateway';
import { type AppliedOutcome, applyDeclinedCharge, applyNotCharged, type SettledCharge } from './apply-outcome';

/** Of site.json: the entities (their merchant accounts) and the home currency. */
export type BillingMoney = {
  /** Each entity's merchant account and the fee a gift covering it adds. */
  entities: readonly (Pick<Entity, 'key' | 'merchantAccountId'> & Partial<Pick<Entity, 'processingFee'>>)[];
  homeCurrency: Currency;
};

export type ChargeContext = {
  db: Database;
  gateway: PaymentGateway;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  receipts: ReceiptSettings;
  money?: BillingMoney | undefined;
  /** The run's day: a decline's retry is counted from it. */
  asOf: string;
  /** The gift's stored card, by gift id (read with the claim). */
  tokens: ReadonlyMap<string, string>;
};

export type ChargeResult =
  /** Paid: the gift is moved on by the caller, with its batch's others (applyPaidCharges). */
  | { status: 'succeeded'; amountCents: number; charge: SettledCharge }
  | { status: 'failed'; applied: AppliedOutcome }
  | { status: 'pending' };

/** Fault point (reliability/crash): the gateway charged, nothing of it is recorded yet. */
export const AFTER_GATEWAY_FAULT = 'billing-after-gateway';

export async function chargeClaimed(context: ChargeContext, order: Order): Promise<ChargeResult> {
  const { db, gateway, logger, receipts } = context;
  const giftId = order.monthlyGiftId;
  const token = giftId ? context.tokens.get(giftId) : undefined;
  if (!giftId || !order.billingPeriod || order.chargeAttempt === null || !token) {
    throw new Error(`order ${order.id} is not a claimed monthly charge`);
  }
  let outcome: SaleOutcome;
  try {
    outcome = await gateway.sale({
      orderId: order.id,
      amountCents: order.amountCents,
      customer: { firstName: order.firstName, lastName: order.lastName, email: order.email },
      paymentMethodToken: token,
      recurring: true,
      // Charged in the gift's currency: through its entity's merchant account, as its first month was.
      merchantAccountId: merchantAccountOf(context.money?.entities ?? [], order.entityKey),
    });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    logger.warn({ err: error, orderId: order.id }, 'billing: charge outcome unknown; the reconciler will settle it');
    return { status: 'pending' };
  }
  faultPoint(AFTER_GATEWAY_FAULT);
  const settled = (await settleOrder({ db, logger, order, outcome, receipts })) ?? (await findOrderById(db, order.id));
  const charge = { orderId: order.id, giftId, period: order.billingPeriod, attempt: order.chargeAttempt };
  if (settled?.status === 'succeeded') {
    return { status: 'succeeded', amountCents: settled.amountCents, charge };
  }
  if (settled?.status === 'failed' && settled.reconciled && settled.transactionId === null) {
    // The reconciler, meanwhile, found no sale at the gateway: not a decline (apply-outcome.ts).
    await applyNotCharged(db, charge);
    return { status: 'pending' };
  }
  if (settled?.status === 'failed') {
    return { status: 'failed', applied: await applyDeclinedCharge(db, charge, context.asOf) };
  }
  return { status: 'pending' };
}
