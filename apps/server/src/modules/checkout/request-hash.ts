/**
 * The fingerprint of a checkout request, stored with the order: the same Idempotency-Key with the
 * same order is a retry (replayed), with another order a mistake (refused). Computed from the
 * validated body (trimmed, unknown keys dropped) with keys sorted, so formatting does not matter.
 */
import type { CheckoutRequest } from '@store/shared/checkout';
import { canonicalHash } from '#src/lib/canonical-json';

/**
 * The order, not the means of paying for it: the captcha token and the nonce are left out. A retry
 * after an unclear outcome (network error, 503) must solve a fresh captcha, and the card widget
 * gives a fresh single-use nonce for each submit; it is still the same order, and must get the first
 * attempt's answer rather than a 422. Only the first request's nonce is ever charged.
 */
export function requestHash(body: CheckoutRequest): string {
  const { amount, customerDetails, products, center } = body;
  return canonicalHash({ amount, customerDetails, products, center });
}
