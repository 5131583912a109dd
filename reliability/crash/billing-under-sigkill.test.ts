/**
 * Monthly billing and crashes (issue 22): `npm run billing` is killed with SIGKILL exactly where a
 * charge is most fragile, after the gateway charged the stored card and before the order and the
 * gift were updated (the `billing-after-gateway` fault point, armed by STORE_FAULT_POINT for those
 * runs only), RELIABILITY_CRASHES times, each on its own group of due gifts. Each killed run leaves its batch's charges pending, some
 * charged at the gateway and some not. Then billing runs again (it charges the gifts no pending
 * charge holds), the order reconciler settles the pending charges by asking the gateway with our
 * order id, and billing runs once more (it applies what the reconciler recorded and charges again
 * what the gateway never saw). Then, gift by gift:
 *  - exactly one paid charge for the period, and the gift advanced once, to the next period;
 *  - the sandbox ledger's sales = the paid orders, to the cent (no double charge, no lost charge);
 *  - half the gifts cover the processing fee: each of their charges is the gift plus its fee, the
 *    others the gift alone (the claim computes the fee in the same statement that writes the charge);
 *  - one receipt queued per paid charge, no decline notice, nothing pending;
 *  - a last run charges nothing.
 */
import { join } from 'node:path';
import { coveredFeeCents, DEFAULT_PROCESSING_FEE } from '@store/shared/processing-fee';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../apps/server/src/logger';
import { reconcilePendingOrders } from '../../apps/server/src/modules/checkout/reconcile';
import { AFTER_GATEWAY_FAULT } from '../../apps/server/src/modules/monthly-giving/charge-claimed';
import { createSandboxGateway } from '../../apps/server/src/modules/payments/gateways/sandbox';
import { testReceiptSettings } from '../../apps/server/test/checkout-helpers';
import { seedMonthlyGift } from '../../apps/server/test/monthly-gift-fixtures';
import { runCli } from '../../apps/server/test/run-cli';
import { describeWithDb } from '../../apps/server/test/test-db';
import { recordFigures } from '../support/figures';
import { CRASHES } from '../support/scale';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';

const SCRIPT = join(import.meta.dirname, '../../apps/server/src/cli/billing.ts');
/** One group of gifts per crash and one more: group i is due on 2027-01-(10 + i). */
const PER_GROUP = 10;
const GROUPS = CRASHES + 1;
const GIFTS = PER_GROUP * GROUPS;
const dueDay = (group: number) => `2027-01-${String(10 + group).padStart(2, '0')}`;
const AS_OF = dueDay(GROUPS - 1);
const SECRET = 'billing-crash-secret-0123456789abcdef';

type Audit = {
  gifts: number;
  giftsPaidOnce: number;
  giftsAdvancedOnce: number;
  paidOrders: number;
  pending: number;
  orderCents: number;
  ledgerCents: number;
  ledgerSales: number;
  receipts: number;
  declineNotices: number;
  /** Charges in a currency (or entity) other than their gift's: must be none. */
  chargesInAnotherCurrency: number;
  chargedCurrencies: number;
  /** Paid charges that covered a fee, and charges whose amount is not the gift plus its fee (if covered). */
  feeCharges: number;
  feeMismatches: number;
};

async function audit(database: ServerDatabase): Promise<Audit> {
  return database.withDb(async (db) => {
    const result = await db.execute<Record<keyof Audit, number>>(sql`
      select
        (select count(*)::int from monthly_gifts) as gifts,
        (select count(*)::int from monthly_gifts g where (select count(*) from orders o
          where o.monthly_gift_id = g.id and o.billing_period = '2027-01' and o.status = 'succeeded') = 1) as "giftsPaidOnce",
        (select count(*)::int from monthly_gifts g where g.billing_period = '2027-02' and g.failed_attempts = 0
          and g.next_charge_on = ('2027-02-' || lpad(g.billing_day::text, 2, '0'))::date and g.status = 'active') as "giftsAdvancedOnce",
        (select count(*)::int from orders where monthly_gift_id is not null and status = 'succeeded') as "paidOrders",
        (select count(*)::int from orders where status = 'pending') as pending,
        (select coalesce(sum(amount_cents), 0)::int from orders where monthly_gift_id is not null and status = 'succeeded') as "orderCents",
        (select coalesce(sum(t.amount_cents), 0)::int from sandbox_transactions t join orders o on o.id::text = t.order_id
          where o.monthly_gift_id is not null and t.status = 'submitted_for_settlement') as "ledgerCents",
        (select count(*)::int from sandbox_transactions t join orders o on o.id::text = t.order_id
          where o.monthly_gift_id is not null) as "ledgerSales",
        (select count(*)::int from mail_outbox m join orders o on o.id::text = m.subject_id
          where m.kind = 'receipt' and o.monthly_gift_id is not null) as receipts,
        (select count(*)::int from mail_outbox where kind like 'monthly-%') as "declineNotices",
        (select count(*)::int from orders o join monthly_gifts g on g.id = o.monthly_gift_id
          where o.currency <> g.currency or o.entity_key <> g.entity_key) as "chargesInAnotherCurrency",
        (select count(distinct o.currency)::int from orders o where o.monthly_gift_id is not null
          and o.status = 'succeeded') as "chargedCurrencies",
        (select count(*)::int from orders o where o.monthly_gift_id is not null and o.status = 'succeeded'
          and o.fee_covered_cents > 0) as "feeCharges",
        (select count(*)::int from orders o join monthly_gifts g on g.id = o.monthly_gift_id
          where o.amount_cents <> g.amount_cents + o.fee_covered_cents
             or (o.fee_covered_cents > 0) <> g.cover_fee) as "feeMismatches"`);
    const row = result.rows[0];
    if (!row) throw new Error('no audit');
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Audit;
  });
}

describeWithDb('billing while the billing process is killed between the gateway and the order', () => {
  let database: ServerDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createServerDatabase();
    env = {
      DATA_DIR: database.dataDir,
      SESSION_SECRET: SECRET,
      PAYMENT_GATEWAY: 'sandbox',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  it(
    'charges every due gift exactly once and loses nothing',
    async () => {
      // A dry run on the database (migrated already: a copy of the migrated template) before the gifts are written.
      const dry = await runCli(SCRIPT, ['--as-of', AS_OF, '--dry-run'], env);
      expect(dry.code, dry.stderr).toBe(0);
      await database.withDb(async (db) => {
        const gateway = createSandboxGateway({ db, secret: SECRET });
        for (let i = 0; i < GIFTS; i += 1) {
          const firstDay = `2026-12-${dueDay(Math.floor(i / PER_GROUP)).slice(-2)}`;
          // Each entity's gifts in its own currency: a third each in USD, CAD and GBP.
          const currency = (['USD', 'CAD', 'GBP'] as const)[i % 3];
          await seedMonthlyGift(db, gateway, { firstDay, amountCents: 1000 + i, currency });
        }
        // Every other gift covers the processing fee (the site's 2.9% + 30¢ for each entity).
        await db.execute(sql`update monthly_gifts set cover_fee = true where amount_cents % 2 = 0`);
      });

      // Crash i runs as of group i's day: it claims that group (the earlier groups' charges are pending).
      const exits: string[] = [];
      for (let i = 0; i < CRASHES; i += 1) {
        const armed = { ...env, STORE_FAULT_POINT: AFTER_GATEWAY_FAULT };
        const killed = await runCli(SCRIPT, ['--as-of', dueDay(i), '--json'], armed);
        exits.push(killed.code === null ? 'killed' : `exit ${killed.code}`);
      }
      expect(exits).toEqual(Array.from({ length: CRASHES }, () => 'killed'));
      const afterCrashes = await audit(database);

      // Run again: the gifts no pending charge holds are charged; the pending ones wait.
      const rerun = await runCli(SCRIPT, ['--as-of', AS_OF, '--json'], env);
      expect(rerun.code, rerun.stderr).toBe(0);
      const rerunSummary = JSON.parse(rerun.stdout) as { charged: number; stillPending: number };
      expect(rerunSummary.stillPending).toBe(afterCrashes.pending);

      // The order reconciler asks the gateway about each pending charge (as the worker does every minute).
      const reconciled = await database.withDb((db) =>
        reconcilePendingOrders({
          db,
          gateway: createSandboxGateway({ db, secret: SECRET }),
          logger: createLogger('silent'),
          receipts: testReceiptSettings('UTC'),
          olderThanMs: 0,
        }),
      );
      const recovery = await runCli(SCRIPT, ['--as-of', AS_OF, '--json'], env);
      expect(recovery.code, recovery.stderr).toBe(0);
      const recoverySummary = JSON.parse(recovery.stdout) as { alreadyPaid: number; charged: number };
      const last = await runCli(SCRIPT, ['--as-of', AS_OF, '--json'], env);
      expect(JSON.parse(last.stdout)).toMatchObject({ due: 0, charged: 0, declined: 0, stillPending: 0 });

      const final = await audit(database);
      recordFigures('billing-crash', {
        crashes: CRASHES,
        pendingAfterCrashes: afterCrashes.pending,
        chargedAtGatewayBeforeRecord: afterCrashes.ledgerSales,
        settledByReconciler: reconciled.succeeded + reconciled.failed,
        appliedAfterReconciler: recoverySummary.alreadyPaid,
        chargedAgainNeverSeen: recoverySummary.charged,
        ...final,
      });
      expect(afterCrashes.pending, 'charges left pending by the crashes').toBeGreaterThanOrEqual(CRASHES);
      expect(afterCrashes.ledgerSales, 'charged at the gateway, not recorded').toBeGreaterThanOrEqual(CRASHES);
      expect(reconciled.succeeded, 'the crashed charges the gateway made').toBe(afterCrashes.ledgerSales);
      expect(recoverySummary.alreadyPaid).toBe(reconciled.succeeded);
      expect(final).toEqual({
        gifts: GIFTS,
        giftsPaidOnce: GIFTS,
        giftsAdvancedOnce: GIFTS,
        paidOrders: GIFTS,
        pending: 0,
        orderCents: final.ledgerCents,
        ledgerCents: Array.from({ length: GIFTS }, (_, i) => 1000 + i)
          .map((cents) => cents + (cents % 2 === 0 ? coveredFeeCents(cents, DEFAULT_PROCESSING_FEE) : 0))
          .reduce((a, b) => a + b, 0),
        ledgerSales: GIFTS,
        receipts: GIFTS,
        declineNotices: 0,
        chargesInAnotherCurrency: 0,
        chargedCurrencies: Math.min(GIFTS, 3),
        feeCharges: Math.ceil(GIFTS / 2),
        feeMismatches: 0,
      });
    },
    600_000 + CRASHES * 60_000,
  );
});
