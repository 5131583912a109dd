/**
 * The donor's monthly gifts as GET /api/account/monthly-gifts answers them: each gift of the account
 * whose first month was paid (a 'starting' gift, or one whose first order failed, was never the
 * donor's gift), with its charges, newest first: the first order's monthly line, then every order
 * the billing run wrote for it (orders.monthly_gift_id).
 */
import { centsToDollars } from '@store/shared/money';
import { calendarDay, type MonthlyCharge, type MonthlyGift, type MonthlyTier } from '@store/shared/monthly-giving';
import { coveredFeeCents, DEFAULT_PROCESSING_FEE } from '@store/shared/processing-fee';
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import type { FeeOfEntity } from './claim-charges';
import { monthlyLineKeys } from './gift-line-key';
import { type MonthlyGiftRow, monthlyGifts } from './tables';

/**
 * A gift row as the donor's API shows it, with its charges. `tiers`: the concert tiers offered now; a
 * tier's gift lists them as where it may move (an open amount none: only its amount changes).
 */
export function giftView(
  gift: MonthlyGiftRow,
  charges: MonthlyCharge[],
  tiers: readonly MonthlyTier[],
  fees: readonly FeeOfEntity[] = [],
): MonthlyGift {
  const running = gift.status === 'active';
  const openAmount = gift.product.custom;
  // The fee at the entity's setting now, as the next billing run will charge it.
  const fee = fees.find((e) => e.key === gift.entityKey)?.processingFee ?? DEFAULT_PROCESSING_FEE;
  return {
    id: gift.id,
    status: gift.status === 'starting' ? 'active' : gift.status,
    pausedReason: gift.status === 'paused' ? gift.pausedReason : null,
    amount: centsToDollars(gift.amountCents),
    itemId: gift.product.id,
    itemName: gift.product.name,
    openAmount,
    tiers: openAmount ? [] : [...tiers],
    centerName: gift.centerName,
    billingDay: gift.billingDay,
    nextChargeOn: running ? gift.nextChargeOn : null,
    failedAttempts: gift.failedAttempts,
    card: {
      brand: gift.cardBrand,
      lastFour: gift.cardLastFour,
      expMonth: gift.cardExpMonth,
      expYear: gift.cardExpYear,
    },
    createdAt: gift.createdAt.toISOString(),
    cancelledAt: gift.cancelledAt?.toISOString() ?? null,
    charges,
    coverFee: gift.coverFee,
    fee: centsToDollars(coveredFeeCents(gift.amountCents, fee)),
  };
}

/** The charges of these gifts, newest first, by gift id. */
async function chargesOf(
  db: Database,
  gifts: readonly MonthlyGiftRow[],
  timeZone: string,
): Promise<Map<string, MonthlyCharge[]>> {
  const byGift = new Map<string, MonthlyCharge[]>(gifts.map((g) => [g.id, []]));
  if (gifts.length === 0) return byGift;
  const byFirstOrder = new Map(gifts.map((g) => [g.firstOrderId, g]));
  const rows = await db
    .select()
    .from(orders)
    .where(
      or(
        inArray(orders.id, [...byFirstOrder.keys()]),
        inArray(
          orders.monthlyGiftId,
          gifts.map((g) => g.id),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id));
  for (const order of rows) {
    const charge = (giftId: string, amountCents: number) =>
      byGift.get(giftId)?.push({
        orderId: order.id,
        date: calendarDay(order.createdAt, timeZone),
        amount: centsToDollars(amountCents),
        status: order.status,
        receiptNumber: order.status === 'succeeded' ? order.receiptNumber : null,
      });
    if (order.monthlyGiftId !== null) {
      charge(order.monthlyGiftId, order.amountCents);
      continue;
    }
    // A first order: each of its monthly lines is one gift's first month.
    for (const { key, product } of monthlyLineKeys(order.products)) {
      const gift = gifts.find((g) => g.firstOrderId === order.id && g.lineKey === key);
      if (gift) charge(gift.id, product.unitCents * product.quantity);
    }
  }
  return byGift;
}

/** The account's gifts (newest first) with their charges; `giftId`: that one only. */
export async function listAccountGifts(
  db: Database,
  userId: string,
  timeZone: string,
  tiers: readonly MonthlyTier[],
  giftId?: string,
  fees: readonly FeeOfEntity[] = [],
): Promise<MonthlyGift[]> {
  const firstPaid = db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'succeeded'));
  const gifts = await db
    .select()
    .from(monthlyGifts)
    .where(
      and(
        eq(monthlyGifts.userId, userId),
        ne(monthlyGifts.status, 'starting'),
        inArray(monthlyGifts.firstOrderId, firstPaid),
        giftId === undefined ? undefined : eq(monthlyGifts.id, giftId),
      ),
    )
    .orderBy(desc(monthlyGifts.createdAt), desc(monthlyGifts.id));
  const charges = await chargesOf(db, gifts, timeZone);
  return gifts.map((gift) => giftView(gift, charges.get(gift.id) ?? [], tiers, fees));
}
