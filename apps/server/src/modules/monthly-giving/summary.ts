/**
 * The foundation's view of monthly giving (issue 22): how many gifts are active, paused and
 * cancelled, what the active ones bring each month, the monthly charges declined in the last 30
 * days, and the gifts paused after their last retry (someone should call those donors). For the
 * report and the back office, of every center or one.
 *
 * ONE statement. monthly_gifts is small next to orders (one row per gift, not per charge), so its
 * counts are a scan of it; the declined charges are counted on orders through the partial index
 * `orders_monthly_gift_idx` (only billing charges are in it: `monthly_gift_id is not null` is
 * repeated here so the planner may use it), never by scanning the million one-time orders.
 * 'starting' gifts (a checkout not settled yet) are not counted anywhere.
 */
import type { MonthlyGivingSummary } from '@store/shared/monthly-giving';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { monthlyGifts } from './tables';

/** How far back declined charges are counted. */
export const FAILED_CHARGES_DAYS = 30;

export type MonthlyGivingSummaryOptions = {
  /** One center's gifts and charges; every center's when absent. */
  centerId?: number | undefined;
};

type SummaryRow = {
  active: unknown;
  paused: unknown;
  cancelled: unknown;
  recurring_cents: unknown;
  paused_for_declines: unknown;
  failed_charges: unknown;
};

/** count(*) is int8: a string from node-postgres, a number or bigint from PGlite. */
const toNumber = (value: unknown) => Number(value ?? 0);

export async function monthlyGivingSummary(
  db: Database,
  { centerId }: MonthlyGivingSummaryOptions = {},
): Promise<MonthlyGivingSummary> {
  const g = monthlyGifts;
  const o = orders;
  const giftCenter: SQL = centerId === undefined ? sql`true` : sql`${g.centerId} = ${centerId}`;
  const chargeCenter: SQL = centerId === undefined ? sql`true` : sql`${o.centerId} = ${centerId}`;
  const { rows } = await db.execute<SummaryRow>(sql`
    select
      count(*) filter (where ${g.status} = 'active') as active,
      count(*) filter (where ${g.status} = 'paused') as paused,
      count(*) filter (where ${g.status} = 'cancelled') as cancelled,
      coalesce(sum(${g.amountCents}) filter (where ${g.status} = 'active'), 0) as recurring_cents,
      count(*) filter (where ${g.status} = 'paused' and ${g.pausedReason} = 'card_declined') as paused_for_declines,
      (select count(*) from ${o}
        where ${o.monthlyGiftId} is not null and ${o.status} = 'failed'
          and ${o.createdAt} >= now() - ${FAILED_CHARGES_DAYS}::integer * interval '1 day' and ${chargeCenter}) as failed_charges
    from ${g}
    where ${g.status} <> 'starting' and ${giftCenter}`);
  const row = rows[0];
  return {
    active: toNumber(row?.active),
    paused: toNumber(row?.paused),
    cancelled: toNumber(row?.cancelled),
    // Integer cents summed by the database, dollars once, here.
    monthlyRecurring: toNumber(row?.recurring_cents) / 100,
    failedCharges: toNumber(row?.failed_charges),
    pausedForDeclines: toNumber(row?.paused_for_declines),
  };
}
