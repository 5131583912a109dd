/**
 * Monthly gifts written straight into the database, for the billing run's tests (the checkout that
 * creates them is another module's): a paid first order and an 'active' gift whose card is stored by
 * the real sandbox vault (`gateway.vault` with a tokenized card), so its charges go through the
 * sandbox ledger like any other.
 *
 *   const gift = await seedMonthlyGift(db, gateway, { firstDay: '2026-12-15', amountCents: 5100 });
 *   // billing day 15, next charge 2027-01-15 for the period 2027-01
 */
import { randomUUID } from 'node:crypto';
import { firstScheduledCharge } from '@store/shared/monthly-giving';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { type MonthlyGiftRow, monthlyGifts } from '#src/modules/monthly-giving/tables';
import type { SandboxGateway } from '#src/modules/payments/gateways/sandbox';
import type { OrderProduct } from '../src/modules/ledger/index';
import { validCard } from './checkout-helpers';
import { seedOrders } from './seed-orders';

export type SeedGiftOptions = {
  /** The day of the first (checkout) charge: the gift's billing day and first scheduled period follow. */
  firstDay?: string;
  amountCents?: number;
  email?: string;
  firstName?: string;
  /** A gift in another entity's currency: at its center (Toronto for CAD, London for GBP). */
  currency?: 'USD' | 'CAD' | 'GBP';
};

/** Where each currency's gifts are given (config/site.json): the entity, its key and a center of it. */
const PLACE_OF_CURRENCY = {
  USD: { entityKey: 'us', centerId: 1 },
  CAD: { entityKey: 'ca', centerId: 7 },
  GBP: { entityKey: 'uk', centerId: 8 },
} as const;

export async function seedMonthlyGift(
  db: Database,
  gateway: SandboxGateway,
  options: SeedGiftOptions = {},
): Promise<MonthlyGiftRow> {
  const { firstDay = '2026-12-15', amountCents = 5100, firstName = 'Asha', currency = 'USD' } = options;
  const place = PLACE_OF_CURRENCY[currency];
  const email = options.email ?? `monthly-${randomUUID().slice(0, 8)}@example.org`;
  const product: OrderProduct = {
    id: 8,
    name: 'Open donation',
    unitCents: amountCents,
    quantity: 1,
    custom: true,
    benefit: 'none',
    monthly: true,
  };
  const [first] = await seedOrders(db, [
    {
      products: [product],
      email,
      firstName,
      createdAt: new Date(`${firstDay}T17:00:00Z`),
      test: true,
      currency,
      entityKey: place.entityKey,
      centerId: place.centerId,
    },
  ]);
  if (!first) throw new Error('no first order');
  const { nonce } = await gateway.tokenize(validCard());
  const stored = await gateway.vault({ nonce, customer: { firstName, lastName: 'Rao', email } });
  if (stored.status !== 'stored') throw new Error(`vault refused the card: ${stored.message}`);
  const schedule = firstScheduledCharge(firstDay);
  const [gift] = await db
    .insert(monthlyGifts)
    .values({
      id: randomUUID(),
      status: 'active',
      firstOrderId: first.id,
      lineKey: '8:monthly',
      product,
      amountCents,
      currency,
      entityKey: place.entityKey,
      deductibleCents: amountCents,
      centerId: first.centerId,
      centerName: first.centerName,
      firstName,
      lastName: 'Rao',
      email,
      mobile: '5125550123',
      gateway: 'sandbox',
      test: true,
      vaultCustomerId: stored.customerId,
      paymentMethodToken: stored.paymentMethodToken,
      cardBrand: stored.card.brand,
      cardLastFour: stored.card.lastFour,
      cardExpMonth: stored.card.expMonth,
      cardExpYear: stored.card.expYear,
      billingDay: schedule.billingDay,
      billingPeriod: schedule.period,
      nextChargeOn: schedule.chargeOn,
    })
    .returning();
  if (!gift) throw new Error('no gift');
  return gift;
}

export async function readGift(db: Database, id: string): Promise<MonthlyGiftRow> {
  const [gift] = await db.select().from(monthlyGifts).where(eq(monthlyGifts.id, id));
  if (!gift) throw new Error(`no gift ${id}`);
  return gift;
}

export async function updateGift(db: Database, id: string, values: Partial<MonthlyGiftRow>): Promise<void> {
  await db.update(monthlyGifts).set(values).where(eq(monthlyGifts.id, id));
}

/** A gift's charges (billing orders) oldest try first, and the sandbox ledger's sales for them. */
export async function chargesOf(db: Database, giftId: string) {
  const result = await db.execute<{
    id: string;
    status: string;
    billing_period: string;
    charge_attempt: number;
    amount_cents: number;
    receipt_number: string | null;
    ledger_cents: number | null;
    ledger_status: string | null;
  }>(sql`
    select o.id, o.status, o.billing_period, o.charge_attempt, o.amount_cents, o.receipt_number,
      t.amount_cents as ledger_cents, t.status as ledger_status
    from orders o left join sandbox_transactions t on t.order_id = o.id::text
    where o.monthly_gift_id = ${giftId}
    order by o.billing_period, o.charge_attempt`);
  return result.rows;
}
