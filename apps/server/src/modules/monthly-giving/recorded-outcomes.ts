/**
 * Outcomes already recorded on orders but not applied to their gift: a crash between settling a
 * charge and moving its gift, or a pending charge the order reconciler settled later. Applied first
 * by each billing run, exactly as the run applies its own (apply-outcome.ts, guarded: once):
 *   the gift's current period has a PAID order  → advanced without charging ('already paid');
 *   its current try has a FAILED order          → the decline is applied (retry or pause), or, for a
 *                                                 try the gateway never saw, the gift stays due.
 * Only gifts the run would look at (active and due, or paused) are read, through the due index.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { orders } from '#src/modules/ledger/index';
import { applyDeclinedCharge, applyNotCharged, applyPaidCharge, type SettledCharge } from './apply-outcome';
import { monthlyGifts } from './tables';

export type RecordedOutcomes = { alreadyPaid: number; retriesScheduled: number; paused: number };

type Row = {
  order_id: string;
  gift_id: string;
  period: string;
  attempt: number;
  status: string;
  /** Failed as "Not charged" by the order reconciler: the gateway never saw the sale. */
  not_charged: boolean;
};

/** The unapplied outcomes of gifts due by `asOf` (or paused meanwhile), at most `limit` of them. */
export async function findUnappliedOutcomes(db: Database, asOf: string, limit: number): Promise<Row[]> {
  const result = await db.execute<Row>(sql`
    select o.id as order_id, m.id as gift_id, m.billing_period as period,
      (m.failed_attempts + 1)::int as attempt, o.status,
      (o.status = 'failed' and o.reconciled and o.transaction_id is null) as not_charged
    from ${monthlyGifts} m
    join ${orders} o on o.monthly_gift_id = m.id and o.billing_period = m.billing_period
      and (o.status = 'succeeded' or (o.status = 'failed' and o.charge_attempt = m.failed_attempts + 1))
    where ((m.status = 'active' and m.next_charge_on <= ${asOf}::date) or m.status = 'paused')
    limit ${limit}`);
  return result.rows;
}

export async function applyRecordedOutcomes(db: Database, asOf: string, dryRun: boolean): Promise<RecordedOutcomes> {
  const summary: RecordedOutcomes = { alreadyPaid: 0, retriesScheduled: 0, paused: 0 };
  const limit = 1_000;
  for (;;) {
    const rows = await findUnappliedOutcomes(db, asOf, limit);
    if (dryRun) {
      summary.alreadyPaid = rows.filter((r) => r.status === 'succeeded').length;
      return summary;
    }
    let moved = 0;
    for (const row of rows) {
      const charge: SettledCharge = {
        orderId: row.order_id,
        giftId: row.gift_id,
        period: row.period,
        attempt: Number(row.attempt),
      };
      if (row.status === 'succeeded') {
        if (await applyPaidCharge(db, charge)) {
          summary.alreadyPaid += 1;
          moved += 1;
        }
        continue;
      }
      if (row.not_charged) {
        if (await applyNotCharged(db, charge)) moved += 1;
        continue;
      }
      const applied = await applyDeclinedCharge(db, charge, asOf);
      if (applied === 'retry') summary.retriesScheduled += 1;
      if (applied === 'paused') summary.paused += 1;
      if (applied !== 'not-applied') moved += 1;
    }
    // A batch that moved nothing (another run applied them) must not loop forever.
    if (rows.length < limit || moved === 0) return summary;
  }
}
