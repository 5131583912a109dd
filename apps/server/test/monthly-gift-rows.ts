/**
 * Monthly gifts and their charges written straight into the database (issue 22), for the
 * foundation's tests (summary, report, CSV, back office), which need gifts in every state without
 * running checkouts and billing runs:
 *
 *   const gift = await seedMonthlyGift(db, { status: 'paused', pausedReason: 'card_declined', amountCents: 5100 });
 *   await seedMonthlyCharge(db, gift, { status: 'failed', createdAt: daysAgo(3) });
 *
 * A gift comes with the checkout's order that paid its first month (a product line marked
 * `monthly`); a charge is a billing run's order (`monthly_gift_id`, `billing_period`, `charge_attempt`).
 */
import { randomUUID } from 'node:crypto';
import type { MonthlyGiftStatus, PausedReason } from '@store/shared/monthly-giving';
import type { Database } from '#src/db/client';
import type { Order } from '#src/modules/checkout/order-repo';
import type { OrderProduct } from '#src/modules/checkout/tables';
import { type MonthlyGiftRow, monthlyGifts } from '#src/modules/monthly-giving/tables';
import { SEED_CENTERS, type SeedOrderInput, seedOrders } from './seed-orders';

export type SeedMonthlyGiftInput = {
  status?: MonthlyGiftStatus;
  pausedReason?: PausedReason;
  amountCents?: number;
  centerId?: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  createdAt?: Date;
  billingDay?: number;
  nextChargeOn?: string;
  failedAttempts?: number;
  /** The first month's order status: 'succeeded' unless the gift is 'starting' ('pending'). */
  firstOrderStatus?: 'pending' | 'succeeded' | 'failed';
};

export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * 86_400_000);

/** The cause line given monthly (item 8, an open amount). */
export function monthlyLine(amountCents: number): OrderProduct {
  return { id: 8, name: 'General Donation', unitCents: amountCents, quantity: 1, custom: true, monthly: true };
}

export async function seedMonthlyGift(db: Database, input: SeedMonthlyGiftInput = {}): Promise<MonthlyGiftRow> {
  const status = input.status ?? 'active';
  const amountCents = input.amountCents ?? 5100;
  const center = SEED_CENTERS.find((c) => c.id === input.centerId) ?? SEED_CENTERS[0];
  const createdAt = input.createdAt ?? new Date();
  const firstName = input.firstName ?? 'Asha';
  const lastName = input.lastName ?? 'Rao';
  const email = input.email ?? `monthly-${randomUUID().slice(0, 8)}@example.org`;
  const product = monthlyLine(amountCents);
  const [firstOrder] = await seedOrders(db, [
    {
      status: input.firstOrderStatus ?? (status === 'starting' ? 'pending' : 'succeeded'),
      products: [product],
      centerId: center.id,
      firstName,
      lastName,
      email,
      createdAt,
    },
  ]);
  if (!firstOrder) throw new Error('the first order was not written');
  const billingDay = input.billingDay ?? 15;
  const nextChargeOn = input.nextChargeOn ?? '2027-01-15';
  const [gift] = await db
    .insert(monthlyGifts)
    .values({
      id: randomUUID(),
      status,
      pausedReason: status === 'paused' ? (input.pausedReason ?? 'donor') : null,
      firstOrderId: firstOrder.id,
      lineKey: '8:monthly',
      product,
      amountCents,
      deductibleCents: amountCents,
      centerId: center.id,
      centerName: center.name,
      firstName,
      lastName,
      email,
      mobile: '5125550123',
      gateway: 'sandbox',
      test: true,
      vaultCustomerId: `cust-${randomUUID().slice(0, 8)}`,
      paymentMethodToken: `tok-${randomUUID().slice(0, 8)}`,
      cardBrand: 'Visa',
      cardLastFour: '1111',
      cardExpMonth: 12,
      cardExpYear: 2030,
      billingDay,
      billingPeriod: nextChargeOn.slice(0, 7),
      nextChargeOn,
      failedAttempts: input.failedAttempts ?? 0,
      createdAt,
      pausedAt: status === 'paused' ? createdAt : null,
      cancelledAt: status === 'cancelled' ? createdAt : null,
    })
    .returning();
  if (!gift) throw new Error('the gift was not written');
  return gift;
}

export type SeedChargeInput = {
  status: 'succeeded' | 'failed' | 'pending';
  createdAt?: Date;
  /** 'YYYY-MM'; the period of `createdAt` unless given. */
  billingPeriod?: string;
  chargeAttempt?: number;
};

/** A billing run's charge of a gift: an order carrying the gift, its period and attempt. */
export async function seedMonthlyCharge(db: Database, gift: MonthlyGiftRow, input: SeedChargeInput): Promise<Order> {
  const createdAt = input.createdAt ?? new Date();
  const billingPeriod = input.billingPeriod ?? createdAt.toISOString().slice(0, 7);
  const chargeAttempt = input.chargeAttempt ?? 0;
  const order: SeedOrderInput = {
    status: input.status,
    // A billing charge's product is the gift's line as priced for one month.
    products: [gift.product],
    centerId: gift.centerId,
    firstName: gift.firstName,
    lastName: gift.lastName,
    email: gift.email,
    createdAt,
    monthlyGiftId: gift.id,
    billingPeriod,
    chargeAttempt,
    idempotencyKey: `monthly:${gift.id}:${billingPeriod}:${chargeAttempt}`,
  };
  const [written] = await seedOrders(db, [order]);
  if (!written) throw new Error('the charge was not written');
  return written;
}
