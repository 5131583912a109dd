/**
 * The card processor's fee, and what a donor adds to cover it so that all of their gift reaches
 * the foundation. Plain functions without zod: the store's first visit and the bucket show the
 * offer (decision 0020 keeps the validator out of the first load). One rule for the browser's
 * offer, the server's check of it, and every monthly charge.
 */

/** An entity's processor fee: a percentage of each charge plus a fixed amount, in its currency. */
export type ProcessingFee = {
  /** Percent of the charge, e.g. 2.9 (at most two decimals: basis points). */
  percent: number;
  /** The fixed part of each charge, in the entity's currency's major units (0.30 for 30¢). */
  fixed: number;
};

/** Braintree's standard US rate for cards and wallets: 2.9% + 30¢. */
export const DEFAULT_PROCESSING_FEE: ProcessingFee = { percent: 2.9, fixed: 0.3 };

/**
 * What to add to a gift of `giftCents` so that the charge less its fee is the gift: the charge is
 * (gift + fixed) / (1 − rate), rounded UP to a cent so the net is never short. Integer arithmetic on
 * basis points, so $100 at 2.9% + 30¢ is always $3.30 (a $103.30 charge), never a float's $3.29.
 */
export function coveredFeeCents(giftCents: number, fee: ProcessingFee): number {
  if (giftCents <= 0) return 0;
  const basisPoints = Math.round(fee.percent * 100);
  const fixedCents = Math.round(fee.fixed * 100);
  if (basisPoints === 0 && fixedCents === 0) return 0;
  const numerator = (giftCents + fixedCents) * 10_000;
  const denominator = 10_000 - basisPoints;
  // Ceiling of an exact integer division (both below 2^53 for any amount the checkout allows).
  const chargeCents = Math.floor((numerator + denominator - 1) / denominator);
  return chargeCents - giftCents;
}

/**
 * The part of a covered fee that is deductible: the same share as the gift's own (a pure gift's fee
 * is all deductible, a purchase's none), so covering the fee never turns a sale into a gift.
 */
export function deductibleFeeCents(feeCents: number, deductibleCents: number, giftCents: number): number {
  if (feeCents <= 0 || giftCents <= 0) return 0;
  return Math.round((feeCents * deductibleCents) / giftCents);
}
