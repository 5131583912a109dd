/**
 * What a donor received for each line, and so what part of the payment is a gift (issue 20, IRS
 * Publication 1771's "quid pro quo" rule and the CRA's "advantage"): the deductible amount is what
 * was paid minus the fair market value received, never below 0. Open amounts and items without a
 * `benefit` in site.json are pure gifts; a purchase (the book) is value received in full.
 *
 * After a refund the same rule applies to what the foundation kept: a refund takes back from the
 * gift first and the benefit stays with the donor (they keep the seats or the book), so the
 * deductible part is the amount kept minus the full value received, never below 0
 * (docs/decisions/0028: Pub 1771 and Pub 526 for the IRS, ITA s.248(31) for the CRA).
 */

import type { Currency } from '@store/shared/currencies';
import { dollarsToCents } from '@store/shared/money';
import { benefitValue } from '@store/shared/prices';
import { deductibleFeeCents } from '@store/shared/processing-fee';
import type { Benefit } from '@store/shared/site';

/** A line's benefit as the order keeps it (checkout/tables.ts OrderProduct). */
export type LineBenefit = {
  benefit: 'none' | 'goods' | 'services' | 'purchase';
  benefitDescription?: string;
  /** Per unit, in cents. */
  fairMarketValueCents: number;
};

/** The benefit of one unit of an item priced at `unitCents` in `currency`, from its site.json `benefit`. */
export function lineBenefit(benefit: Benefit | undefined, unitCents: number, currency: Currency = 'USD'): LineBenefit {
  if (!benefit) return { benefit: 'none', fairMarketValueCents: 0 };
  if (benefit.kind === 'purchase') {
    return { benefit: 'purchase', benefitDescription: benefit.description, fairMarketValueCents: unitCents };
  }
  return {
    benefit: benefit.kind,
    benefitDescription: benefit.description,
    // A value above what was paid would make the gift negative: what was paid is all that was received.
    fairMarketValueCents: Math.min(dollarsToCents(benefitValue(benefit, currency)), unitCents),
  };
}

type Line = { unitCents: number; quantity: number; fairMarketValueCents?: number | undefined };

/** Fair market value received for a line, in cents. */
export function lineValueReceivedCents(line: Line): number {
  return (line.fairMarketValueCents ?? 0) * line.quantity;
}

/** The deductible part of a line, in cents. */
export function lineDeductibleCents(line: Line): number {
  return Math.max(0, line.unitCents * line.quantity - lineValueReceivedCents(line));
}

/**
 * The deductible part of a payment of `amountCents` for these lines, in cents: for a refunded order,
 * `amountCents` is what the foundation kept (paid minus refunded), the benefit being kept whole.
 */
export function deductibleCents(amountCents: number, lines: readonly Line[]): number {
  const received = lines.reduce((sum, line) => sum + lineValueReceivedCents(line), 0);
  return Math.min(amountCents, Math.max(0, amountCents - received));
}

/**
 * The order's lines with the processing fee its donor covered as one more line: the fee
 * is deductible in the share the gift is (processing-fee.ts, as prepare-order stores it), and the
 * rest of it counts like a benefit, so a purchase's fee never becomes a gift, before or after a
 * refund. A receipt's "goods or services received" still sums the order's own lines only.
 */
export function withFeeLine(lines: readonly Line[], feeCoveredCents: number): Line[] {
  if (feeCoveredCents <= 0) return [...lines];
  const giftCents = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  const feeDeductible = deductibleFeeCents(feeCoveredCents, deductibleCents(giftCents, lines), giftCents);
  return [...lines, { unitCents: feeCoveredCents, quantity: 1, fairMarketValueCents: feeCoveredCents - feeDeductible }];
}

/**
 * Each line's deductible part once `refundedCents` was given back, for a corrected receipt's lines:
 * the refund takes the gifts back first, line after line, and never the benefits, so the lines add
 * up to `deductibleCents(paid - refunded, lines)`.
 */
export function keptLineDeductibles(lines: readonly Line[], refundedCents: number): number[] {
  let toTake = refundedCents;
  return lines.map((line) => {
    const gift = lineDeductibleCents(line);
    const taken = Math.min(gift, toTake);
    toTake -= taken;
    return gift - taken;
  });
}
