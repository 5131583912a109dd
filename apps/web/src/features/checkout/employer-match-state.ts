/**
 * The checkout answer's `matching` as the thank-you page reads it back from navigation
 * state, which is whatever history holds (order-success-state.ts): null unless every part it shows
 * is there. No zod here, as in order-success-state.ts: the result page stays small.
 */
import { type CheckoutMatching, TAX_ID_KINDS } from '@store/shared/matching-next-steps';

export function readMatching(value: unknown): CheckoutMatching | null {
  if (typeof value !== 'object' || value === null) return null;
  const { employer, legalName, ein, taxIdKind, askAt } = value as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
  const kind = TAX_ID_KINDS.find((k) => k === taxIdKind);
  const name = text(employer);
  const legal = text(legalName);
  if (!name || !legal || !kind) return null;
  const number = text(ein);
  const where = text(askAt);
  return {
    employer: name,
    legalName: legal,
    taxIdKind: kind,
    ...(number ? { ein: number } : {}),
    ...(where ? { askAt: where } : {}),
  };
}
