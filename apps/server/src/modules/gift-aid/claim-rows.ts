/**
 * The donations a quarter's Gift Aid claim lists: paid GBP orders with a declaration, made in the
 * quarter (UK time), oldest first: real gifts in a live store; in a test store (the sandbox, whose
 * orders moved no money) its test gifts, so the whole path can be tried there, said to be a test. Each is claimed on the gift part less what
 * was refunded; one refunded to nothing is left out (a refund removes a gift from the next claim).
 */
import { calendarDay } from '@store/shared/calendar-day';
import type { GiftAidDeclaration } from '@store/shared/gift-aid';
import { GIFT_AID_TIME_ZONE, type GiftAidClaimRow } from '@store/shared/gift-aid-claim';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import type { ClaimQuarter } from './claim-quarter';

// The deductible part is null on orders written before it was kept: the whole amount was the gift.
const claimable = sql<number>`least(coalesce(${orders.deductibleCents}, ${orders.amountCents}), ${orders.amountCents} - ${orders.refundedCents})`;

export async function claimRows(db: Database, bounds: ClaimQuarter, testStore = false): Promise<GiftAidClaimRow[]> {
  const found = await db
    .select({
      orderId: orders.id,
      receiptNumber: orders.receiptNumber,
      giftAid: orders.giftAid,
      createdAt: orders.createdAt,
      amountPence: claimable.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'succeeded'),
        eq(orders.currency, 'GBP'),
        isNotNull(orders.giftAid),
        eq(orders.test, testStore),
        gte(orders.createdAt, bounds.start),
        lt(orders.createdAt, bounds.end),
        sql`${claimable} > 0`,
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return found.flatMap((order) => (order.giftAid ? [toRow(order, order.giftAid)] : []));
}

function toRow(
  order: { orderId: string; receiptNumber: string | null; createdAt: Date; amountPence: number },
  declaration: GiftAidDeclaration,
): GiftAidClaimRow {
  return {
    orderId: order.orderId,
    receiptNumber: order.receiptNumber,
    firstName: declaration.firstName,
    lastName: declaration.lastName,
    house: declaration.house,
    postcode: declaration.postcode,
    donationDate: calendarDay(order.createdAt, GIFT_AID_TIME_ZONE),
    amountPence: order.amountPence,
  };
}
