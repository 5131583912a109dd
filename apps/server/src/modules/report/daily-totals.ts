/**
 * Keeps report_daily_totals (tables.ts) in the foundation's time zone. The triggers keep the sums
 * current; this builds them the first time and rebuilds them when site.json's time zone changes.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { reportDailyTotals, reportSettings } from './tables';

async function storedTimeZone(db: Database, lock: boolean): Promise<string | null> {
  const result = await db.execute<{ time_zone: string | null }>(
    sql`select ${reportSettings.timeZone} as time_zone from ${reportSettings} where ${reportSettings.id} = 1 ${lock ? sql`for update` : sql``}`,
  );
  return result.rows[0]?.time_zone ?? null;
}

/**
 * Returns true when it rebuilt. Cheap when the sums are current (one primary-key read): every report
 * request calls it, so a process started with a new time zone fixes the sums on its first request.
 */
export async function ensureDailyTotals(db: Database, timeZone: string): Promise<boolean> {
  if ((await storedTimeZone(db, false)) === timeZone) return false;
  return db.transaction(async (tx) => {
    // Writers wait while the sums are rebuilt from a snapshot, so no settled order is counted twice or
    // lost. Readers do not. About 2 s per million orders, once per time zone.
    await tx.execute(sql`lock table ${orders} in share row exclusive mode`);
    // Another process may have rebuilt while this one waited for the lock.
    if ((await storedTimeZone(tx, true)) === timeZone) return false;
    await tx.execute(sql`
      insert into ${reportSettings} (id, time_zone) values (1, ${timeZone})
      on conflict (id) do update set time_zone = excluded.time_zone`);
    await tx.execute(sql`delete from ${reportDailyTotals}`);
    await tx.execute(sql`
      insert into ${reportDailyTotals}
        (day, center_id, center_name, currency, order_count, amount_cents, home_amount_cents, unrated_count)
      select (${orders.createdAt} at time zone ${timeZone})::date, ${orders.centerId}, ${orders.centerName},
             ${orders.currency}, count(*), sum(${orders.amountCents} - ${orders.refundedCents}),
             coalesce(sum(round((${orders.amountCents} - ${orders.refundedCents}) * ${orders.homeRate})), 0),
             count(*) filter (where ${orders.homeRate} is null)
      from ${orders} where ${orders.status} = 'succeeded'
      group by 1, 2, 3, 4`);
    return true;
  });
}
