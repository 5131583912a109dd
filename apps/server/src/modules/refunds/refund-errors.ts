/** The refund flow's refusals that are about the order's or the gateway's state, not the body's fields. */
import { AppError } from '#src/errors/app-error';

export function orderNotFound(orderId: string): AppError {
  return new AppError('not_found', `No order ${orderId}.`);
}

/**
 * A volunteer's order of another center: said so, naming only that center (no donor, no amount),
 * so they know to ask that center rather than doubt the id.
 */
export function orderOfOtherCenter(centerName: string): AppError {
  return new AppError('other_center', `This order belongs to another center (${centerName}).`);
}

export function notRefundable(why: string): AppError {
  return new AppError('conflict', why);
}

export function moreThanLeft(leftCents: number): AppError {
  const left = (leftCents / 100).toFixed(2);
  return new AppError('validation_error', `amountCents: at most ${leftCents} cents ($${left}) is left to refund`, {
    fields: { amountCents: `must be at most ${leftCents} (what is left to refund)` },
  });
}

/** Braintree can only void an unsettled sale whole. */
export function notSettledYet(message: string): AppError {
  return new AppError('conflict', message);
}

export function refundInProgress(): AppError {
  return new AppError(
    'payment_in_progress',
    'This refund is still being processed. Wait a moment and reload the order; do not refund again.',
  );
}

export function refundKeyReused(): AppError {
  return new AppError(
    'idempotency_key_reused',
    'This Idempotency-Key was already used for another refund. Reload the order and try again.',
    { status: 409 },
  );
}

export function refundRefused(message: string): AppError {
  return new AppError('conflict', `The payment gateway refused the refund: ${message}`);
}

/** Nothing was written and nothing moved: the gateway could not say whether the sale is settled. */
export function gatewayUnreachable(cause: unknown): AppError {
  return new AppError(
    'service_unavailable',
    'The payment gateway could not be reached. Nothing was refunded; try again in a few minutes.',
    { status: 502, cause },
  );
}

/** The gateway's answer is unknown: the refund stays pending and the refund reconciler settles it. */
export function refundUnconfirmed(refundId: string, cause: unknown): AppError {
  return new AppError(
    'payment_unconfirmed',
    'The payment gateway did not confirm the refund. Do not refund again: it is recorded and will be ' +
      `settled automatically within a few minutes. Refund reference: ${refundId}.`,
    { status: 502, cause },
  );
}
