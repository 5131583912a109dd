/** The checkout's refusals that are about the order's state rather than the body's fields. */
import { AppError } from '#src/errors/app-error';

export function paymentInProgress(): AppError {
  return new AppError(
    'payment_in_progress',
    'Your payment is still being processed. Please wait a moment and check again; do not pay again.',
  );
}

export function idempotencyKeyReused(): AppError {
  return new AppError(
    'idempotency_key_reused',
    'This payment attempt was already used for a different order. Please reload the checkout page and try again.',
  );
}

/** The gateway's answer is unknown: the order stays pending and the reconciler settles it. */
export function paymentUnconfirmed(orderId: string, cause?: unknown): AppError {
  return new AppError(
    'payment_unconfirmed',
    'We could not confirm your payment with the card processor. Please do not pay again: your order is ' +
      `recorded and will be settled automatically within a few minutes. Order reference: ${orderId}.`,
    { cause },
  );
}
