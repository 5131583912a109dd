/**
 * The monthly billing run at size (issue 22): BENCH_BILLING_GIFTS (default 100,000) active gifts all
 * due on one day, on a throw-away PostgreSQL, charged by `runBilling` in this process with the
 * sandbox gateway (its ledger is in the same database, so every charge costs the real statements:
 * the claim, the sandbox's sale, the settlement with its receipt, the gift's update). Reports
 * gifts/second, the wall time, and the peak RSS and heap (process.memoryUsage, sampled every 100 ms;
 * under --expose-gc also the live heap after a full GC every 15 s), then checks that every gift was charged exactly once and advanced once.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { createLogger } from '../apps/server/src/logger';
import { runBilling } from '../apps/server/src/modules/monthly-giving/run-billing';
import { createSandboxGateway } from '../apps/server/src/modules/payments/gateways/sandbox';
import { testReceiptSettings } from '../apps/server/test/checkout-helpers';
import { seedOrders } from '../apps/server/test/seed-orders';
import { startThrowawayPostgres } from '../test/start-postgres';

export type BillingBenchResult = {
  gifts: number;
  seedSeconds: number;
  seconds: number;
  giftsPerSecond: number;
  peakRssMb: number;
  peakHeapMb: number;
  startRssMb: number;
  /**
   * The live heap after a full GC, every 15 s of the run (only under `node --expose-gc`, e.g.
   * `node --expose-gc --import tsx bench/billing-main.ts`): flat when nothing accumulates per gift.
   */
  liveHeapMb: number[];
  check: { paidOnce: number; ledgerSales: number; advanced: number; receipts: number };
};

const AS_OF = '2027-01-15';

/** `count` active gifts due on AS_OF, each with its card in the sandbox vault, in two statements. */
async function seedGifts(db: Parameters<typeof seedOrders>[0], count: number): Promise<void> {
  // One first order for them all: the gifts differ by line key (the unique index is order + line).
  const [first] = await seedOrders(db, [{ createdAt: new Date('2026-12-15T17:00:00Z'), test: true }]);
  if (!first) throw new Error('no first order');
  await db.execute(sql`
    insert into sandbox_vault (token, customer_id, brand, last_four, exp_month, exp_year, outcome)
    select 'bench_tok_' || n, 'bench_cus_' || n, 'Visa', '1111', 12, 2030, 'approve'
    from generate_series(1, ${count}::int) as n`);
  await db.execute(sql`
    insert into monthly_gifts (id, status, first_order_id, line_key, product, amount_cents, deductible_cents,
      center_id, center_name, first_name, last_name, email, mobile, gateway, test, vault_customer_id,
      payment_method_token, card_brand, card_last_four, card_exp_month, card_exp_year, billing_day,
      billing_period, next_charge_on)
    select gen_random_uuid(), 'active', ${first.id}::uuid, '8:monthly:' || n,
      jsonb_build_object('id', 8, 'name', 'Open donation', 'unitCents', 100 * (1 + n % 500), 'quantity', 1,
        'custom', true, 'benefit', 'none', 'monthly', true),
      100 * (1 + n % 500), 100 * (1 + n % 500), 1 + n % 7, 'Bay Area Center, California', 'Asha', 'Rao',
      'monthly' || n || '@example.org', '5125550123', 'sandbox', true, 'bench_cus_' || n, 'bench_tok_' || n,
      'Visa', '1111', 12, 2030, 15, '2027-01', ${AS_OF}::date
    from generate_series(1, ${count}::int) as n`);
  await db.execute(sql`vacuum analyze`);
}

export async function benchBilling({
  gifts,
  log,
}: {
  gifts: number;
  log: (line: string) => void;
}): Promise<BillingBenchResult | undefined> {
  const postgres = await startThrowawayPostgres();
  if (!postgres) return undefined;
  const connection = await openDatabase({ kind: 'postgres', url: postgres.url });
  try {
    const { db } = connection;
    await migrateDatabase(connection);
    let started = performance.now();
    await seedGifts(db, gifts);
    const seedSeconds = (performance.now() - started) / 1000;
    log(`seeded ${gifts.toLocaleString('en-US')} due gifts in ${seedSeconds.toFixed(1)} s`);

    const startRssMb = process.memoryUsage().rss / 2 ** 20;
    let peakRss = 0;
    let peakHeap = 0;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    const sampler = setInterval(sample, 100);
    const liveHeapMb: number[] = [];
    const gc = (globalThis as { gc?: () => void }).gc;
    const liveSampler = setInterval(() => {
      if (!gc) return;
      gc();
      liveHeapMb.push(Math.round(process.memoryUsage().heapUsed / 2 ** 20));
    }, 15_000);
    started = performance.now();
    const summary = await runBilling({
      db,
      gateway: createSandboxGateway({ db, secret: 'bench-billing-secret-0123456789abcdef' }),
      logger: createLogger('warn'),
      receipts: testReceiptSettings('UTC'),
      asOf: AS_OF,
      dryRun: false,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    clearInterval(liveSampler);
    sample();
    log(`run: ${JSON.stringify(summary)}`);

    const checked = await db.execute<{ paid_once: number; ledger: number; advanced: number; receipts: number }>(sql`
      select
        (select count(*)::int from (select monthly_gift_id from orders where billing_period = '2027-01'
          and status = 'succeeded' group by monthly_gift_id having count(*) = 1) once) as paid_once,
        (select count(*)::int from sandbox_transactions where status = 'submitted_for_settlement') as ledger,
        (select count(*)::int from monthly_gifts where billing_period = '2027-02' and next_charge_on = '2027-02-15') as advanced,
        (select count(*)::int from mail_outbox where kind = 'receipt') as receipts`);
    const row = checked.rows[0];
    const check = {
      paidOnce: Number(row?.paid_once),
      ledgerSales: Number(row?.ledger),
      advanced: Number(row?.advanced),
      receipts: Number(row?.receipts),
    };
    return {
      gifts,
      seedSeconds,
      seconds,
      giftsPerSecond: gifts / seconds,
      peakRssMb: peakRss / 2 ** 20,
      peakHeapMb: peakHeap / 2 ** 20,
      startRssMb,
      liveHeapMb,
      check,
    };
  } finally {
    await connection.close();
    postgres.stop();
  }
}
