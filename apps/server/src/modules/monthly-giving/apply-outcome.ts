/**
 * Moves a gift on after a charge's outcome, in ONE guarded statement with its e-mail:
 *   paid     → the next period, on its billing day, failed_attempts 0 (the receipt was queued when the
 *              order was settled);
 *   declined → failed_attempts + 1 and a retry RETRY_DELAYS_DAYS later, with the "could not be
 *              charged" e-mail (its retry day stored with it); after the last retry the gift is paused ('card_declined') with the
 *              "paused" e-mail.
 * The guard is the gift's period and failed_attempts as they were when the charge was claimed, so an
 * outcome is applied once however many runs (or a run after a crash) try to apply it; the e-mail is
 * queued only if the gift moved, and once per order (the outbox's unique kind and subject).
 */
import { addDays, nextPeriod, RETRY_DELAYS_DAYS } from '@store/shared/monthly-giving';
import { sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { columnNames } from '#src/db/column-names';
import { mailOutbox } from '#src/modules/mail/tables';
import { CHARGE_DECLINED_KIND, GIFT_PAUSED_KIND } from './billing-mail-kinds';
import { monthlyGifts } from './tables';

/** A settled charge: which gift, period and try it was, and its order. */
export type SettledCharge = { orderId: string; giftId: string; period: string; attempt: number };

export type AppliedOutcome = 'advanced' | 'retry' | 'paused' | 'not-applied';

/**
 * Moves the gifts of paid charges on to their next period, in ONE statement for a whole batch (a
 * billing run applies its batch's successes together: one round trip instead of one per gift).
 * Returns how many gifts moved (a gift whose outcome another run applied first is not moved again).
 */
export async function applyPaidCharges(db: Database, charges: readonly SettledCharge[]): Promise<number> {
  if (charges.length === 0) return 0;
  // Lists travel as one ','-joined text each (Drizzle would expand a JS array into a parameter list);
  // ids, periods and numbers hold no comma.
  const list = (values: readonly (string | number)[]) => values.join(',');
  const rows = await db.execute(sql`
    update ${monthlyGifts} as g set
      billing_period = v.next,
      next_charge_on = to_date(v.next || '-01', 'YYYY-MM-DD') + (g.billing_day - 1),
      failed_attempts = 0,
      updated_at = now()
    from (select unnest(string_to_array(${list(charges.map((c) => c.giftId))}, ','))::uuid as id,
        unnest(string_to_array(${list(charges.map((c) => c.period))}, ',')) as period,
        unnest(string_to_array(${list(charges.map((c) => nextPeriod(c.period)))}, ',')) as next,
        unnest(string_to_array(${list(charges.map((c) => c.attempt - 1))}, ','))::int as failed) as v
    where g.id = v.id and g.billing_period = v.period and g.failed_attempts = v.failed
    returning g.id`);
  return rows.rows.length;
}

/** True when the gift moved (false: another run applied this outcome first). */
export async function applyPaidCharge(db: Database, charge: SettledCharge): Promise<boolean> {
  return (await applyPaidCharges(db, [charge])) > 0;
}

/**
 * A try the order reconciler found the gateway never saw (a crash before the sale reached it: the
 * order is failed "Not charged"): not a decline. The try's number is used up (its idempotency key is
 * taken), so failed_attempts moves past it, but the gift stays due now, without a notice. Such a
 * try counts against the retries of the period like a decline (a rare crash's price).
 */
export async function applyNotCharged(db: Database, charge: SettledCharge): Promise<boolean> {
  const rows = await db.execute(sql`
    update ${monthlyGifts} set failed_attempts = ${charge.attempt}, updated_at = now()
    where id = ${charge.giftId} and billing_period = ${charge.period} and failed_attempts = ${charge.attempt - 1}
    returning id`);
  return rows.rows.length > 0;
}

/**
 * `declinedOn`: the run's day; the retry is that many days after it. A gift the donor paused or
 * cancelled meanwhile keeps its status (and gets no e-mail): the decline is only counted.
 */
export async function applyDeclinedCharge(
  db: Database,
  charge: SettledCharge,
  declinedOn: string,
): Promise<AppliedOutcome> {
  const delay = RETRY_DELAYS_DAYS[charge.attempt - 1];
  const pause = delay === undefined;
  const retryOn = pause ? null : addDays(declinedOn, delay);
  const kind = pause ? GIFT_PAUSED_KIND : CHARGE_DECLINED_KIND;
  const nowActive = sql`status = 'active'`;
  // The day the notice promises, fixed now: the gift's next_charge_on moves on with every later run,
  // and the worker may send this notice only after several (the CLI on PGlite with the server stopped).
  const noticePayload = retryOn === null ? sql`null::jsonb` : sql`jsonb_build_object('retryOn', ${retryOn}::text)`;
  const m = mailOutbox;
  const rows = await db.execute(sql`
    with moved as (
      update ${monthlyGifts} set
        failed_attempts = ${charge.attempt},
        next_charge_on = coalesce(${retryOn}::date, next_charge_on),
        status = case when ${pause} and ${nowActive} then 'paused' else status end,
        paused_reason = case when ${pause} and ${nowActive} then 'card_declined' else paused_reason end,
        paused_at = case when ${pause} and ${nowActive} then now() else paused_at end,
        updated_at = now()
      where id = ${charge.giftId} and billing_period = ${charge.period} and failed_attempts = ${charge.attempt - 1}
      returning status, paused_reason
    ), mail as (
      insert into ${m} (${columnNames(m.kind, m.subjectId, m.payload)})
      select ${kind}, ${charge.orderId}, ${noticePayload} from moved
      where moved.status = 'active' or (moved.status = 'paused' and moved.paused_reason = 'card_declined' and ${pause})
      on conflict (${columnNames(m.kind, m.subjectId)}) do nothing
    )
    select status from moved`);
  if (rows.rows.length === 0) return 'not-applied';
  return pause ? 'paused' : 'retry';
}
