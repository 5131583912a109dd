/**
 * The fingerprint of a checkout request, stored with the order: the same Idempotency-Key with the
 * same order is a retry (replayed), with another order a mistake (refused). Computed from the
 * validated body (trimmed, unknown keys dropped) with keys sorted, so formatting does not matter.
 */
import { createHash } from 'node:crypto';
import type { CheckoutRequest } from '@store/shared/checkout';

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The order, not the means of paying for it: the captcha token and the nonce are left out. A retry
 * after an unclear outcome (network error, 503) must solve a fresh captcha, and the card widget
 * gives a fresh single-use nonce for each submit; it is still the same order, and must get the first
 * attempt's answer rather than a 422. Only the first request's nonce is ever charged.
 */
export function requestHash(body: CheckoutRequest): string {
  const { amount, customerDetails, products, center } = body;
  return createHash('sha256').update(canonicalJson({ amount, customerDetails, products, center })).digest('hex');
}
