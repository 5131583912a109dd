/**
 * The donor's changes to a monthly gift (issue 22), each effective at once and confirmed by e-mail
 * in the same transaction: change the amount of an open-amount gift or the tier of a tier's gift
 * (from the next charge), pause, resume, a new card, cancel (final). The gift is locked while it changes, so a billing run and a change never apply
 * to it at the same time on stale values. Another account's gift is not found; a cancelled gift
 * takes no action (409).
 */
import { DEFAULT_CURRENCY, isCurrency } from '@store/shared/currencies';
import { dollarsToCents } from '@store/shared/money';
import { calendarDay, monthlyGiftMessages, resumedSchedule } from '@store/shared/monthly-giving';
import type { PaymentMethodKind } from '@store/shared/payment-methods';
import { itemPrice } from '@store/shared/prices';
import type { SiteItem } from '@store/shared/site';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { AppError } from '#src/errors/app-error';
import type { OrderProduct } from '#src/modules/ledger/index';
import type { StoredCard } from '#src/modules/payments/gateway';
import { lineBenefit, lineDeductibleCents } from '#src/modules/receipts/deductible';
import { type Foundation, type GiftAction, queueGiftChangeMail } from './gift-change-mail';
import { type MonthlyGiftRow, monthlyGifts } from './tables';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type GiftChange = Partial<typeof monthlyGifts.$inferInsert>;

export type ManageContext = { db: Database; userId: string; timeZone: string; foundation: Foundation };

const notFound = () => new AppError('not_found', 'You have no monthly gift with this id.');

/**
 * Applies `decide`'s change to the account's gift, with its e-mail, in one transaction. `decide`
 * returns null when there is nothing to change (pausing a paused gift): then nothing is written or mailed.
 */
export async function changeGift(
  { db, userId, foundation }: ManageContext,
  giftId: string,
  action: GiftAction,
  decide: (gift: MonthlyGiftRow) => GiftChange | null,
): Promise<void> {
  await db.transaction(async (tx: Transaction) => {
    const [gift] = await tx
      .select()
      .from(monthlyGifts)
      .where(and(eq(monthlyGifts.id, giftId), eq(monthlyGifts.userId, userId)))
      .for('update');
    if (!gift || gift.status === 'starting') throw notFound();
    if (gift.status === 'cancelled') throw new AppError('conflict', monthlyGiftMessages.cancelled);
    const change = decide(gift);
    if (change === null) return;
    const [changed] = await tx
      .update(monthlyGifts)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(monthlyGifts.id, gift.id))
      .returning();
    if (!changed) throw notFound();
    await queueGiftChangeMail(tx, action, changed, foundation);
  });
}

/** A 400 naming the body's field, for a change this gift does not allow. */
const refused = (field: 'amount' | 'tierId', message: string) =>
  new AppError('validation_error', message, { fields: { [field]: message } });

/**
 * A new monthly amount, for an open-amount gift; the deductible part follows: the amount minus the
 * line's value received. A tier's amount is its price, what its benefit (the seats the receipt lists)
 * is valued against: only its own price is accepted (no change), any other is refused (400 `amount`).
 */
export function newAmount(amount: number) {
  return (gift: MonthlyGiftRow): GiftChange | null => {
    const amountCents = dollarsToCents(amount);
    if (!gift.product.custom) {
      if (amountCents === gift.amountCents) return null;
      throw refused('amount', monthlyGiftMessages.amountFixed);
    }
    const product = { ...gift.product, unitCents: amountCents, quantity: 1 };
    return { amountCents, product, deductibleCents: lineDeductibleCents(product) };
  };
}

/**
 * Another concert tier for a tier's gift: one of it a month at its price now, with its own name and
 * benefit (the receipt's "reserved seats" and their value), so the deductible part follows. `tierIds`:
 * every concert tier, archived ones included (a gift started on a tier since archived may leave it).
 * An open-amount gift, or a line that is no concert tier, has no tier to move to (400 `tierId`).
 */
export function newTier(tier: SiteItem, tierIds: readonly number[]) {
  return (gift: MonthlyGiftRow): GiftChange | null => {
    if (gift.product.custom || !tierIds.includes(gift.product.id)) {
      throw refused('tierId', monthlyGiftMessages.tierOfOpenAmount);
    }
    // Its own tier: no change (the gift keeps the price it was given at, whatever the tier costs now).
    if (tier.id === gift.product.id) return null;
    // The tier's price in the gift's currency: a gift stays in the currency it was started in.
    const currency = isCurrency(gift.currency) ? gift.currency : DEFAULT_CURRENCY;
    const price = itemPrice(tier, currency);
    if (price === null || price === 0) throw refused('tierId', monthlyGiftMessages.tierOfOpenAmount);
    const unitCents = dollarsToCents(price);
    const product: OrderProduct = {
      id: tier.id,
      name: tier.name,
      unitCents,
      quantity: 1,
      custom: false,
      ...lineBenefit(tier.benefit, unitCents, currency),
      monthly: true,
    };
    return { amountCents: unitCents, product, deductibleCents: lineDeductibleCents(product) };
  };
}

export function pause(gift: MonthlyGiftRow): GiftChange | null {
  if (gift.status === 'paused' && gift.pausedReason === 'donor') return null;
  return { status: 'paused', pausedReason: 'donor', pausedAt: new Date() };
}

/** Active again on the resume rule's day (@store/shared/monthly-giving resumedSchedule). */
export function resume(timeZone: string) {
  return (gift: MonthlyGiftRow): GiftChange | null => {
    if (gift.status === 'active') return null;
    const { period, chargeOn } = resumedSchedule(
      calendarDay(new Date(), timeZone),
      gift.billingDay,
      gift.billingPeriod,
    );
    return {
      status: 'active',
      pausedReason: null,
      pausedAt: null,
      billingPeriod: period,
      nextChargeOn: chargeOn,
      failedAttempts: 0,
    };
  };
}

/** The gateway's new card; a gift paused for declines is active again and tried today. */
export function newCard(
  timeZone: string,
  vaulted: { paymentMethodToken: string; card: StoredCard; kind?: PaymentMethodKind },
) {
  return (gift: MonthlyGiftRow): GiftChange => {
    const card = {
      paymentMethodToken: vaulted.paymentMethodToken,
      paymentKind: vaulted.kind ?? 'card',
      cardBrand: vaulted.card.brand,
      cardLastFour: vaulted.card.lastFour,
      cardExpMonth: vaulted.card.expMonth,
      cardExpYear: vaulted.card.expYear,
    };
    if (gift.status !== 'paused' || gift.pausedReason !== 'card_declined') return card;
    return {
      ...card,
      status: 'active',
      pausedReason: null,
      pausedAt: null,
      nextChargeOn: calendarDay(new Date(), timeZone),
      failedAttempts: 0,
    };
  };
}

export function cancel(): GiftChange {
  return { status: 'cancelled', pausedReason: null, cancelledAt: new Date() };
}
