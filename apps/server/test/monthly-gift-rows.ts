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
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type MonthlyGiftRow, monthlyGifts } from '#src/modules/monthly-giving/tables';
import type { Order, OrderProduct } from '../src/modules/ledger/index';
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

/**
 * Monthly gifts at size, in SQL, over orders already generated (bench/report.ts): `count` gifts,
 * each with a succeeded order as its first month (1 in 20 cancelled, 1 in 25 paused, half of those
 * after declines), and up to three billing charges each among the other orders (succeeded or
 * failed as generated), months apart so no gift has two paid charges in one period.
 */
export async function generateMonthlyGifts(db: Database, { count }: { count: number }): Promise<void> {
  await db.execute(sql`
    insert into monthly_gifts (id, status, paused_reason, first_order_id, line_key, product, amount_cents,
      deductible_cents, center_id, center_name, first_name, last_name, email, mobile, gateway, test,
      vault_customer_id, payment_method_token, card_brand, card_last_four, billing_day, billing_period,
      next_charge_on, created_at)
    select gen_random_uuid(),
      case when n % 20 = 0 then 'cancelled' when n % 25 = 0 then 'paused' else 'active' end,
      case when n % 20 <> 0 and n % 25 = 0 then (case when n % 50 = 0 then 'card_declined' else 'donor' end) end,
      o.id, '8:monthly',
      jsonb_build_object('id', 8, 'name', 'General Donation', 'unitCents', o.amount_cents, 'quantity', 1,
        'custom', true, 'monthly', true),
      o.amount_cents, o.amount_cents, o.center_id, o.center_name, o.first_name, o.last_name, o.email, o.mobile,
      'sandbox', true, 'bench-customer', 'bench-token', 'Visa', '1111', 15, '2027-01', '2027-01-15', o.created_at
    from (select *, row_number() over (order by created_at) as n from orders where status = 'succeeded'
          order by created_at limit ${count}) as o`);
  // Charges: every 33rd order by time, the k-th to gift k modulo count: a gift's charges lie
  // count × 33 orders apart, months on a generated history, so (gift, period) stays unique.
  await db.execute(sql`
    with gifts as (select id, row_number() over (order by created_at, id) - 1 as k from monthly_gifts),
      sampled as (select id, created_at, row_number() over (order by created_at, id) as n from orders
        where not exists (select 1 from monthly_gifts g where g.first_order_id = orders.id))
    update orders set monthly_gift_id = gifts.id, billing_period = to_char(sampled.created_at, 'YYYY-MM'),
      charge_attempt = 0
    from sampled join gifts on gifts.k = (sampled.n / 33) % ${count}
    where orders.id = sampled.id and sampled.n % 33 = 0 and sampled.n / 33 < ${count} * 3`);
}
