/**
 * The checkout's answer for an order (200 or 402). The database stores what decided it (`answer`:
 * success, transaction id or the decline's message); a success is answered with what the receipt
 * e-mail says besides, read from the order row: its receipt number (receipt.ts, the one function the
 * receipt and the dashboard use), the total charged, the address the receipt goes to and the lines.
 * Built from the row every time, so the first answer and every replay of its Idempotency-Key are
 * the same, also for orders stored before these fields existed.
 */
import type { CheckoutDeclined, CheckoutSucceeded } from '@store/shared/checkout';
import { matchingDetails } from '@store/shared/matching-next-steps';
import { centsToDollars } from '@store/shared/money';
import { billingDayOf, calendarDay } from '@store/shared/monthly-giving';
import type { Site } from '@store/shared/site';
import type { StoredAttempt } from '#src/lib/idempotent-request';
import type { Order, StoredAnswer } from '#src/modules/ledger/index';
import { receiptNumberOf } from '#src/modules/ledger/index';

export type CheckoutAnswer = CheckoutSucceeded | CheckoutDeclined;

type AnsweredOrder = Pick<
  Order,
  | 'id'
  | 'createdAt'
  | 'amountCents'
  | 'email'
  | 'products'
  | 'receiptNumber'
  | 'deductibleCents'
  | 'receiptAwaitsAddress'
  | 'currency'
  | 'giftAid'
  | 'matchingEmployer'
  | 'tribute'
  | 'centerId'
  | 'paymentMethod'
  | 'feeCoveredCents'
>;

export function checkoutAnswer(
  order: AnsweredOrder,
  stored: StoredAnswer,
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>,
): CheckoutAnswer {
  if (!stored.success) return stored;
  // The employer's form asks for the legal name and tax number of the entity that took it.
  const matching = matchingDetails(order, site);
  // Issue 22: the gifts this order started keep the day it was placed (at most the 28th), as
  // monthly-giving's start does: the same day for the first answer and every replay.
  const monthlyLines = order.products.filter((p) => p.monthly === true);
  const billingDay = billingDayOf(calendarDay(order.createdAt, site.foundation.timeZone));
  return {
    ...stored,
    receiptNumber: receiptNumberOf(order, site.foundation.timeZone),
    amount: centsToDollars(order.amountCents),
    // Said only when it is not SPEC.md's dollars, so a US answer is as it always was.
    ...(order.currency === 'USD' ? {} : { currency: order.currency as CheckoutSucceeded['currency'] }),
    ...(order.giftAid ? { giftAid: true } : {}),
    // The fee the donor covered, part of `amount` (processing-fee.ts).
    ...(order.feeCoveredCents > 0 ? { feeCovered: centsToDollars(order.feeCoveredCents) } : {}),
    ...(order.deductibleCents === null ? {} : { deductible: centsToDollars(order.deductibleCents) }),
    email: order.email,
    ...(order.receiptAwaitsAddress ? { receiptAwaitsAddress: true } : {}),
    items: order.products.map((p) => ({
      name: p.name,
      quantity: p.quantity,
      amount: centsToDollars(p.unitCents * p.quantity),
    })),
    ...(monthlyLines.length === 0
      ? {}
      : {
          monthly: monthlyLines.map((p) => ({
            name: p.name,
            amount: centsToDollars(p.unitCents * p.quantity),
            billingDay,
          })),
        }),
    ...(matching ? { matching } : {}),
    ...(order.tribute?.card ? { tributeCard: { name: order.tribute.card.name } } : {}),
    // How it was paid, as the receipt names it ('PayPal', 'Apple Pay, Visa ending in 8886').
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
  };
}

/** The order under an Idempotency-Key as the idempotent request replays it (lib/idempotent-request.ts). */
export function storedAttempt(
  order: AnsweredOrder & Pick<Order, 'requestHash' | 'answer'>,
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'>,
): StoredAttempt<CheckoutAnswer> {
  return { requestHash: order.requestHash, answer: order.answer && checkoutAnswer(order, order.answer, site) };
}
