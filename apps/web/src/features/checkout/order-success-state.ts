/**
 * What the checkout hands /order-success in navigation state: the 200 answer's transaction id
 * (SPEC.md §4 step 3) and what the receipt e-mail says (receipt number, amount, e-mail, lines).
 * History state is whatever history holds (a bookmark, another tab, an older build): the page
 * reads each part on its own and shows what is there. No zod here: the result page stays small.
 */
import type { CheckoutSucceeded } from '@store/shared/checkout';
import type { CheckoutMatching } from '@store/shared/matching-next-steps';
import { readMatching } from './employer-match-state';

export type OrderSuccessItem = { name: string; quantity: number; amount: number };

export type OrderSuccess = {
  transactionId: string | null;
  receiptNumber: string | null;
  /** The total charged, in dollars. */
  amount: number | null;
  /** Issue 20: the tax-deductible part of the amount, in dollars, when the server said it. */
  deductible: number | null;
  email: string | null;
  items: OrderSuccessItem[];
  /** Issue 22: the monthly gifts this checkout started, each with its amount and billing day. */
  monthly: OrderSuccessMonthly[];
  /** A Canadian gift made without the donor's address: the receipt is not official until it is added. */
  receiptAwaitsAddress: boolean;
  /** The currency of every amount ('USD' when the answer said none). */
  currency: string;
  /** A UK gift's Gift Aid declaration was made. */
  giftAid: boolean;
  /** The tribute's e-mail card goes to this person; null when none was asked for. */
  tributeCardName: string | null;
  /** That card was not sent: its address has had its day's cards (the relay limit). */
  tributeCardHeld: boolean;
  /** The donor's employer matches gifts: the next steps' legal name and tax number. */
  matching: CheckoutMatching | null;
  /** The processing fee the donor covered, in dollars, part of `amount`; null when none. */
  feeCovered: number | null;
  /** How the gift was paid, as the receipt names it ('PayPal'); null when not said. */
  paymentMethod: string | null;
};

export type OrderSuccessMonthly = { name: string; amount: number; billingDay: number };

/** The navigation state for a successful checkout. */
export function orderSuccessState(answer: CheckoutSucceeded) {
  const { transactionId, receiptNumber, amount, deductible, email, items, monthly, receiptAwaitsAddress } = answer;
  const { currency, giftAid } = answer;
  const { tributeCard } = answer;
  const { matching } = answer;
  const { feeCovered } = answer;
  const { paymentMethod } = answer;
  return {
    transactionId,
    receiptNumber,
    amount,
    ...(deductible === undefined ? {} : { deductible }),
    email,
    items,
    ...(monthly === undefined ? {} : { monthly }),
    ...(receiptAwaitsAddress ? { receiptAwaitsAddress } : {}),
    ...(currency ? { currency } : {}),
    ...(giftAid ? { giftAid } : {}),
    ...(tributeCard ? { tributeCardName: tributeCard.name, tributeCardHeld: tributeCard.held === true } : {}),
    ...(matching ? { matching } : {}),
    ...(feeCovered ? { feeCovered } : {}),
    ...(paymentMethod ? { paymentMethod } : {}),
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function money(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

function item(value: unknown): OrderSuccessItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, quantity, amount }: Record<string, unknown> = { ...value };
  const itemName = text(name);
  const itemAmount = money(amount);
  if (itemName === null || itemAmount === null) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  return { name: itemName, quantity, amount: itemAmount };
}

function monthlyGift(value: unknown): OrderSuccessMonthly | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, amount, billingDay } = value as Record<string, unknown>;
  const giftName = text(name);
  const giftAmount = money(amount);
  if (giftName === null || giftAmount === null) return null;
  if (typeof billingDay !== 'number' || !Number.isInteger(billingDay) || billingDay < 1 || billingDay > 28) return null;
  return { name: giftName, amount: giftAmount, billingDay };
}

export function readOrderSuccess(state: unknown): OrderSuccess {
  const fields: Record<string, unknown> = typeof state === 'object' && state !== null ? { ...state } : {};
  const items = Array.isArray(fields.items) ? fields.items.map(item) : [];
  const readable = items.filter((line): line is OrderSuccessItem => line !== null);
  return {
    transactionId: text(fields.transactionId),
    receiptNumber: text(fields.receiptNumber),
    amount: money(fields.amount),
    deductible: money(fields.deductible),
    email: text(fields.email),
    // A list with a line we cannot read is left out whole rather than shown short.
    items: readable.length === items.length ? readable : [],
    monthly: (Array.isArray(fields.monthly) ? fields.monthly.map(monthlyGift) : []).filter(
      (gift): gift is OrderSuccessMonthly => gift !== null,
    ),
    receiptAwaitsAddress: fields.receiptAwaitsAddress === true,
    currency: typeof fields.currency === 'string' && /^[A-Z]{3}$/.test(fields.currency) ? fields.currency : 'USD',
    giftAid: fields.giftAid === true,
    tributeCardName: text(fields.tributeCardName),
    tributeCardHeld: fields.tributeCardHeld === true,
    matching: readMatching(fields.matching),
    feeCovered: money(fields.feeCovered) || null,
    paymentMethod: text(fields.paymentMethod),
  };
}
