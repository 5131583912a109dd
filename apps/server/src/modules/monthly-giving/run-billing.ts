/**
 * The billing run (issue 22): charges every monthly gift due by `asOf`, exactly once per period.
 *   1. 'starting' gifts follow their first order (settle-starting-gifts.ts);
 *   2. outcomes recorded but not applied are applied (recorded-outcomes.ts);
 *   3. due gifts are claimed in batches, their pending orders written in one statement each batch
 *      (claim-charges.ts), then charged with bounded concurrency (charge-claimed.ts), the batch's
 *      paid gifts moved on in one statement;
 * until nothing is due, so a run as of a later day catches up the months it missed. A dry run
 * counts what is due and writes nothing.
 */

import { DEFAULT_CURRENCY } from '@store/shared/currencies';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client';
import type { ReceiptSettings } from '#src/modules/ledger/index';
import type { MailNotifier } from '#src/modules/mail/worker';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { applyPaidCharges } from './apply-outcome';
import { type BillingMoney, type ChargeResult, chargeClaimed } from './charge-claimed';
import { chargeableGifts, claimDueCharges } from './claim-charges';
import { applyRecordedOutcomes } from './recorded-outcomes';
import { settleStartingGifts } from './settle-starting-gifts';
import { monthlyGifts } from './tables';

/** What `npm run billing -- --json` prints (the contract's shape). */
export type BillingSummary = {
  asOf: string;
  dryRun: boolean;
  /** Charges made (one per gift and period or retry) plus gifts found already paid. */
  due: number;
  charged: number;
  chargedCents: number;
  declined: number;
  retriesScheduled: number;
  paused: number;
  /** Gifts whose period was already paid: advanced without a charge. */
  alreadyPaid: number;
  /** Due gifts whose charge is still pending (the gateway's answer unknown): the reconciler's. */
  stillPending: number;
};

export type RunBillingOptions = {
  db: Database;
  gateway: PaymentGateway;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  receipts: ReceiptSettings;
  /** Each entity's merchant account, and the home currency charges are counted in (US dollars by default). */
  money?: BillingMoney | undefined;
  /** Told when receipts or notices were queued, so they go out now. */
  mail?: MailNotifier | undefined;
  /** 'YYYY-MM-DD' in the foundation's zone. */
  asOf: string;
  dryRun: boolean;
  /** Gifts claimed per statement. */
  batchSize?: number;
  /** Charges at the gateway at once. */
  concurrency?: number;
};

export const BILLING_BATCH_SIZE = 500;
export const BILLING_CONCURRENCY = 8;

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachWithLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function countDue(db: Database, asOf: string): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${monthlyGifts} m where ${chargeableGifts(asOf)}`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/** Due gifts whose period's charge is pending (not settled by anyone yet). */
async function countStillPending(db: Database, asOf: string): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${monthlyGifts} m
    where m.status = 'active' and m.next_charge_on <= ${asOf}::date and exists (
      select 1 from orders o where o.monthly_gift_id = m.id and o.billing_period = m.billing_period
        and o.status = 'pending')`);
  return Number(result.rows[0]?.n ?? 0);
}

function count(summary: BillingSummary, result: ChargeResult): void {
  summary.due += 1;
  if (result.status === 'succeeded') {
    summary.charged += 1;
    summary.chargedCents += result.amountCents;
  } else if (result.status === 'failed') {
    summary.declined += 1;
    if (result.applied === 'retry') summary.retriesScheduled += 1;
    if (result.applied === 'paused') summary.paused += 1;
  }
}

export async function runBilling(options: RunBillingOptions): Promise<BillingSummary> {
  const { db, asOf, dryRun, logger, batchSize = BILLING_BATCH_SIZE, concurrency = BILLING_CONCURRENCY } = options;
  const summary: BillingSummary = {
    asOf,
    dryRun,
    due: 0,
    charged: 0,
    chargedCents: 0,
    declined: 0,
    retriesScheduled: 0,
    paused: 0,
    alreadyPaid: 0,
    stillPending: 0,
  };
  if (dryRun) {
    const recorded = await applyRecordedOutcomes(db, asOf, true);
    summary.alreadyPaid = recorded.alreadyPaid;
    summary.due = (await countDue(db, asOf)) + recorded.alreadyPaid;
    summary.stillPending = await countStillPending(db, asOf);
    return summary;
  }
  await settleStartingGifts(db);
  const recorded = await applyRecordedOutcomes(db, asOf, false);
  Object.assign(summary, recorded);
  summary.due += recorded.alreadyPaid;
  for (;;) {
    const money = options.money;
    const claimed = await claimDueCharges(
      db,
      asOf,
      batchSize,
      money?.homeCurrency ?? DEFAULT_CURRENCY,
      money?.entities,
    );
    if (claimed.length === 0) break;
    const giftIds = claimed.flatMap((order) => (order.monthlyGiftId ? [order.monthlyGiftId] : []));
    const cards = await db
      .select({ id: monthlyGifts.id, token: monthlyGifts.paymentMethodToken })
      .from(monthlyGifts)
      .where(inArray(monthlyGifts.id, giftIds));
    const context = { ...options, tokens: new Map(cards.map((card) => [card.id, card.token])) };
    const results = await eachWithLimit(claimed, concurrency, (order) => chargeClaimed(context, order));
    for (const result of results) count(summary, result);
    // The batch's paid gifts moved on together (a crash before this is mended by recorded-outcomes.ts).
    await applyPaidCharges(
      db,
      results.flatMap((r) => (r.status === 'succeeded' ? [r.charge] : [])),
    );
    if (results.some((r) => r.status !== 'pending')) options.mail?.kick();
  }
  summary.stillPending = await countStillPending(db, asOf);
  if (summary.due > 0) logger.info(summary, 'billing run');
  return summary;
}
