/**
 * Refund or void a paid card order, whole or in part (issue 21; DESIGN.md "Money and orders"):
 *   1. the first transaction locks the order, checks what is left (paid − refunded − pending),
 *      writes the refund `pending` with the decided kind and an audit line, and commits;
 *   2. the gateway is asked with OUR refund id (void while unsettled and whole, refund after);
 *   3. settle-refund.ts moves it to `succeeded` with the order's refunded_cents, the corrected
 *      receipt and its mail in one transaction, or to `failed`.
 * A crash between 2 and 3 leaves the refund pending: the refund reconciler asks the gateway by our
 * id and settles it the same way. The same Idempotency-Key gets the first refund's answer, another
 * body with it a 409; a second key never refunds more than is left (the order's row lock).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import { canonicalHash } from '#src/lib/canonical-json';
import { faultPoint } from '#src/lib/fault-point';
import { type IdempotentResult, idempotentRequest, KEY_TAKEN } from '#src/lib/idempotent-request';
import { GatewayUnavailableError, type PaymentGateway, type RefundOutcome } from '#src/modules/payments/gateway';
import { type AuditActor, recordAudit } from '#src/modules/staff/audit';
import {
  gatewayUnreachable,
  moreThanLeft,
  notRefundable,
  notSettledYet,
  orderNotFound,
  refundInProgress,
  refundKeyReused,
  refundRefused,
  refundUnconfirmed,
} from './refund-errors';
import {
  findOrder,
  findRefundByKey,
  insertPendingRefund,
  leftCents,
  lockOrder,
  pendingCents,
  type Refund,
  type RefundOrder,
} from './refund-repo';
import { settleRefund } from './settle-refund';

/** Where the reliability suite kills the process: the gateway has refunded, the order not yet. */
export const REFUND_FAULT_POINT = 'refund-after-gateway';

export type RefundOrderInput = {
  db: Database;
  gateway: PaymentGateway;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  orderId: string;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
  actor: AuditActor;
  staffId: string;
  timeZone: string;
};

export function refundRequestHash(input: Pick<RefundOrderInput, 'orderId' | 'amountCents' | 'reason'>): string {
  return canonicalHash({ orderId: input.orderId, amountCents: input.amountCents, reason: input.reason.trim() });
}

/** The answer a settled refund stands for; a failed one is refused (409) every time it is asked. */
function answerOf(refund: Refund): Refund {
  if (refund.status === 'failed') throw refundRefused(refund.failureMessage ?? 'no reason given');
  return refund;
}

function refusable(order: RefundOrder | null, orderId: string): RefundOrder {
  if (!order) throw orderNotFound(orderId);
  if (order.source !== 'card') throw notRefundable('This is an offline gift: void it instead of refunding it.');
  if (order.status !== 'succeeded' || !order.transactionId) {
    throw notRefundable('Only a paid order can be refunded; this one was not paid.');
  }
  return order;
}

export async function refundOrder(input: RefundOrderInput): Promise<IdempotentResult<Refund>> {
  const { db, gateway } = input;
  const requestHash = refundRequestHash(input);
  const rules = { requestHash, keyReused: refundKeyReused, inProgress: refundInProgress };
  return idempotentRequest<Refund>({
    ...rules,
    // A repeat (double click) must not ask the gateway about settlement again: look first.
    lookFirst: true,
    findStored: async () => {
      const stored = await findRefundByKey(db, input.idempotencyKey);
      if (!stored) return null;
      return { requestHash: stored.requestHash, answer: stored.status === 'pending' ? null : answerOf(stored) };
    },
    claimAndRun: async () => {
      // Unlocked first look, to refuse early and to ask the gateway whether the sale has settled
      // without holding the order's lock while it answers; decided again under the lock below.
      const order = refusable(await findOrder(db, input.orderId), input.orderId);
      const left = leftCents(order, await pendingCents(db, order.id));
      // After the sums: a twin request (same key) that got in since the first look is already in
      // them, and must be answered as a repeat rather than refused as too much.
      if (await findRefundByKey(db, input.idempotencyKey)) return KEY_TAKEN;
      if (input.amountCents > left) throw moreThanLeft(Math.max(0, left));
      const wholeSale = order.refundedCents === 0 && input.amountCents === order.amountCents;
      const transactionId = order.transactionId as string;
      let settlement: Awaited<ReturnType<PaymentGateway['saleSettlement']>>;
      try {
        settlement = await gateway.saleSettlement(transactionId);
      } catch (error) {
        if (error instanceof GatewayUnavailableError) throw gatewayUnreachable(error);
        throw error;
      }
      if (settlement === 'unsettled' && !wholeSale) {
        throw notSettledYet(
          'This payment has not settled at the card processor yet: it can be voided whole now, or ' +
            'refunded in part once it has settled (usually within a day).',
        );
      }
      const refund = await db.transaction(async (tx) => {
        const locked = refusable(await lockOrder(tx, input.orderId), input.orderId);
        if (await findRefundByKey(tx, input.idempotencyKey)) return KEY_TAKEN;
        const stillLeft = leftCents(locked, await pendingCents(tx, locked.id));
        if (input.amountCents > stillLeft) throw moreThanLeft(Math.max(0, stillLeft));
        const pending = await insertPendingRefund(tx, {
          id: randomUUID(),
          orderId: locked.id,
          idempotencyKey: input.idempotencyKey,
          requestHash,
          kind: settlement === 'unsettled' ? 'void' : 'refund',
          amountCents: input.amountCents,
          reason: input.reason.trim(),
          status: 'pending',
          staffId: input.staffId,
        });
        if (!pending) return KEY_TAKEN;
        await recordAudit(tx, {
          actor: input.actor,
          action: 'refund.create',
          targetType: 'order',
          targetId: locked.id,
          after: { refundId: pending.id, kind: pending.kind, amountCents: pending.amountCents, reason: pending.reason },
        });
        return pending;
      });
      if (refund === KEY_TAKEN) return KEY_TAKEN;
      return askGateway(input, refund, transactionId, wholeSale);
    },
  });
}

async function askGateway(
  input: RefundOrderInput,
  refund: Refund,
  transactionId: string,
  wholeSale: boolean,
): Promise<Refund> {
  let outcome: RefundOutcome;
  try {
    outcome = await input.gateway.refund({
      refundId: refund.id,
      transactionId,
      amountCents: refund.amountCents,
      wholeSale,
    });
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    input.logger.warn({ err: error, refundId: refund.id }, 'refund: gateway outcome unknown; left pending');
    throw refundUnconfirmed(refund.id, error);
  }
  faultPoint(REFUND_FAULT_POINT);
  const settled = await settleRefund(input.db, {
    refundId: refund.id,
    outcome,
    actor: input.actor,
    timeZone: input.timeZone,
  });
  // Null: the reconciler settled it in the meantime (this request was slow); its row is the answer.
  const final = settled ?? (await findRefundByKey(input.db, input.idempotencyKey));
  if (!final || final.status === 'pending') throw refundInProgress();
  if (outcome.status === 'failed' && outcome.reason === 'not_settled') throw notSettledYet(outcome.message);
  return answerOf(final);
}
