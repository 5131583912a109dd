/**
 * The billing run's claim: ONE statement takes a batch of due gifts and writes their charges'
 * PENDING orders (before the gateway is called), copying the donor, center, line and amount from
 * the gift. Whatever runs at once, a period is charged once: the gifts are locked with SKIP LOCKED
 * (two runs take disjoint batches), a gift whose period already has a pending or paid order, or whose
 * current try already has an order, is not taken, and the unique index on (gift, period) and the
 * idempotency key `monthly:<gift>:<period>:<attempt>` refuse a second row if all else failed
 * (`on conflict do nothing`: the gift is then simply not charged by this run). The ledger writes the
 * orders (`insertOrdersFromRows`); what each column of a charge is, and which gifts are due, is here.
 */
import { type Currency, DEFAULT_CURRENCY } from '@store/shared/currencies';
import { addDays } from '@store/shared/monthly-giving';
import { DEFAULT_PROCESSING_FEE, type ProcessingFee } from '@store/shared/processing-fee';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#src/db/client';
import { columnName } from '#src/db/column-names';
import { FALLBACK_DAYS } from '#src/modules/exchange-rates/rate-for-day';
import { exchangeRates } from '#src/modules/exchange-rates/tables';
import { insertOrdersFromRows, type Order, orders } from '#src/modules/ledger/index';
import { monthlyGifts } from './tables';

/** The gift's column in the claimed batch `g`. */
const g = (column: AnyPgColumn) => sql`g.${columnName(column)}`;

const attempt = sql`(${g(monthlyGifts.failedAttempts)} + 1)`;

/** 'Open donation (monthly gift, January 2027)': the receipt names the month a charge pays for. */
const lineName = sql`(${g(monthlyGifts.product)} ->> 'name') || ' (monthly gift, ' || to_char(to_date(${g(monthlyGifts.billingPeriod)}, 'YYYY-MM'), 'FMMonth YYYY') || ')'`;

/** What each orders column of a charge is, from its gift; the rest take their defaults. */
const FROM_GIFT: Partial<Record<keyof typeof orders.$inferSelect, SQL>> = {
  id: sql`gen_random_uuid()`,
  idempotencyKey: sql`'monthly:' || ${g(monthlyGifts.id)} || ':' || ${g(monthlyGifts.billingPeriod)} || ':' || ${attempt}`,
  requestHash: sql`'monthly'`,
  status: sql`'pending'`,
  // A gift covering its fee is charged the month's amount and the fee (both in the order).
  amountCents: sql`${g(monthlyGifts.amountCents)} + g.fee_cents`,
  feeCoveredCents: sql`g.fee_cents`,
  currency: g(monthlyGifts.currency),
  entityKey: g(monthlyGifts.entityKey),
  centerId: g(monthlyGifts.centerId),
  centerName: g(monthlyGifts.centerName),
  firstName: g(monthlyGifts.firstName),
  lastName: g(monthlyGifts.lastName),
  studentName: g(monthlyGifts.studentName),
  email: g(monthlyGifts.email),
  mobile: g(monthlyGifts.mobile),
  products: sql`jsonb_build_array(${g(monthlyGifts.product)} || jsonb_build_object('monthly', true, 'quantity', 1, 'unitCents', ${g(monthlyGifts.amountCents)}, 'name', ${lineName}))`,
  itemCount: sql`1`,
  gateway: g(monthlyGifts.gateway),
  test: g(monthlyGifts.test),
  userId: g(monthlyGifts.userId),
  // The fee is deductible in the gift's share (processing-fee.ts deductibleFeeCents, rounded alike).
  deductibleCents: sql`${g(monthlyGifts.deductibleCents)} + round(g.fee_cents::numeric * ${g(monthlyGifts.deductibleCents)} / ${g(monthlyGifts.amountCents)})::int`,
  donorAddress: g(monthlyGifts.donorAddress),
  monthlyGiftId: g(monthlyGifts.id),
  billingPeriod: g(monthlyGifts.billingPeriod),
  chargeAttempt: attempt,
  // Each month's receipt in the language the gift was started in.
  locale: g(monthlyGifts.locale),
};

/** An order of the gift `m` blocks a new charge: its period is paid or being charged, or this try was made. */
const chargeBlocked = sql`exists (select 1 from ${orders} o
  where o.monthly_gift_id = m.id and o.billing_period = m.billing_period
    and (o.status in ('pending', 'succeeded') or o.charge_attempt = m.failed_attempts + 1))`;

/** Active gifts due by `asOf` that may be charged now (the due index serves the first two tests). */
export function chargeableGifts(asOf: string): SQL {
  return sql`m.status = 'active' and m.next_charge_on <= ${asOf}::date and not ${chargeBlocked}`;
}

/**
 * The charge's home-currency rate (decision 0040): 1 at home, else the latest stored rate of the
 * run's day or the week before it (as rate-for-day.ts reads it), else null for the treasurer's.
 */
function homeRate(asOf: string, homeCurrency: Currency): SQL {
  return sql`case when ${g(monthlyGifts.currency)} = ${homeCurrency}::text then 1::numeric else (
    select r.rate from ${exchangeRates} r where r.currency = ${g(monthlyGifts.currency)}
      and r.day <= ${asOf}::text and r.day >= ${addDays(asOf, -FALLBACK_DAYS)}::text
    order by r.day desc limit 1) end`;
}

/**
 * What the gift `m` adds to cover the processing fee this month: processing-fee.ts's
 * coveredFeeCents in SQL, on its entity's fee as the site has it at this run (basis points and cents,
 * integer arithmetic: the same cent as the checkout's), 0 for a gift that does not cover it.
 */
function coveredFeeOf(fees: readonly FeeOfEntity[]): SQL {
  // Without entities (a run given none), every gift's entity has the default fee.
  const of = (part: (fee: ProcessingFee) => number) =>
    fees.length === 0
      ? sql`${part(DEFAULT_PROCESSING_FEE)}::int`
      : sql`(case m.entity_key ${sql.join(
          fees.map((e) => sql`when ${e.key}::text then ${part(e.processingFee ?? DEFAULT_PROCESSING_FEE)}::int `),
        )} else ${part(DEFAULT_PROCESSING_FEE)}::int end)`;
  const basisPoints = of((fee) => Math.round(fee.percent * 100));
  const fixedCents = of((fee) => Math.round(fee.fixed * 100));
  return sql`(case when m.cover_fee and (${basisPoints} > 0 or ${fixedCents} > 0) then
    (((m.amount_cents + ${fixedCents})::bigint * 10000 + (10000 - ${basisPoints}) - 1) / (10000 - ${basisPoints}) - m.amount_cents)::int
    else 0 end)`;
}

/** An entity's fee setting, as the run reads the site (the owner may change it between runs). */
export type FeeOfEntity = { key: string; processingFee?: ProcessingFee | undefined };

export async function claimDueCharges(
  db: Database,
  asOf: string,
  limit: number,
  homeCurrency: Currency = DEFAULT_CURRENCY,
  fees: readonly FeeOfEntity[] = [],
): Promise<Order[]> {
  const rate = homeRate(asOf, homeCurrency);
  const atRate: Partial<Record<keyof typeof orders.$inferSelect, SQL>> = {
    homeRate: rate,
    homeAmountCents: sql`round((${g(monthlyGifts.amountCents)} + g.fee_cents) * (${rate}))::int`,
  };
  const due = sql`(select m.*, ${coveredFeeOf(fees)} as fee_cents from ${monthlyGifts} m where ${chargeableGifts(asOf)}
    order by m.next_charge_on, m.id limit ${limit} for update skip locked) g`;
  return insertOrdersFromRows(db, { valueOfColumn: (key) => atRate[key] ?? FROM_GIFT[key], from: due });
}
