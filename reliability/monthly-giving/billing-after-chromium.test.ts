/**
 * Issue 22's "done means", first part: a monthly gift started in Chromium (the account made inline
 * at checkout), then `npm run billing -- --as-of` for each of the next three months charges it three
 * times and queues three receipts, on both databases. The CLI runs as a subprocess against the
 * server's own database: on PGlite (one process only) with the server stopped, on PostgreSQL while
 * it runs. Runs once the billing CLI (apps/server/src/cli/billing.ts) is in.
 */
import { join } from 'node:path';
import { chargeDayIn, nextPeriod } from '@store/shared/monthly-giving';
import { and, eq, inArray } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECEIPT_KIND } from '../../apps/server/src/modules/checkout/receipt-kind';
import { orders } from '../../apps/server/src/modules/checkout/tables';
import { mailOutbox } from '../../apps/server/src/modules/mail/tables';
import { monthlyGifts } from '../../apps/server/src/modules/monthly-giving/tables';
import { runCli } from '../../apps/server/test/run-cli';
import { describeWithDb } from '../../apps/server/test/test-db';
import { launchChromium } from '../../e2e/support/browser';
import { startMonthlyGift } from '../../e2e/support/monthly-donor';
import { builtWebDist } from '../fuzz/fuzz-target';
import { type StoreServer, startStoreServer } from '../support/store-server';

const BILLING = join(import.meta.dirname, '../../apps/server/src/cli/billing.ts');

type Summary = { asOf: string; dryRun: boolean; due: number; charged: number; chargedCents: number };

describeWithDb('a monthly gift started in Chromium, billed for three months by the CLI', () => {
  let store: StoreServer;
  let browser: Browser;

  beforeAll(async () => {
    const webDist = builtWebDist();
    if (!webDist) throw new Error('no web build: run `npm run build` (or set WEB_DIST) before the reliability suite');
    store = await startStoreServer({ WEB_DIST: webDist, CAPTCHA_PROVIDER: 'off' });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await store?.close();
  });

  /** `npm run billing -- --as-of DAY --json` on the server's database (PGlite: with the server stopped). */
  async function bill(asOf: string): Promise<Summary> {
    const { database } = store;
    const env = {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: 'warn',
    };
    const pglite = database.kind === 'pglite';
    if (pglite) await store.process().stop();
    try {
      const run = await runCli(BILLING, ['--as-of', asOf, '--json'], env);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as Summary;
    } finally {
      if (pglite) await store.restart();
    }
  }

  it('charges three times, one receipt each', async () => {
    const context = await browser.newContext({ baseURL: store.baseUrl });
    const page = await context.newPage();
    const email = `monthly.billing.${Date.now()}@example.org`;
    await startMonthlyGift(page, { email, amount: '51' });
    await context.close();

    const [gift] = await store.query((db) => db.select().from(monthlyGifts).where(eq(monthlyGifts.email, email)));
    if (!gift) throw new Error('no gift was started');
    expect(gift.status).toBe('active');

    let period = gift.billingPeriod;
    for (let month = 1; month <= 3; month++) {
      const summary = await bill(chargeDayIn(period, gift.billingDay));
      expect(summary).toMatchObject({ dryRun: false, charged: 1, chargedCents: 5100 });
      period = nextPeriod(period);
    }

    const charges = await store.query((db) =>
      db
        .select()
        .from(orders)
        .where(and(eq(orders.monthlyGiftId, gift.id), eq(orders.status, 'succeeded'))),
    );
    expect(charges.map((o) => o.amountCents)).toEqual([5100, 5100, 5100]);
    expect(new Set(charges.map((o) => o.billingPeriod)).size).toBe(3);
    const receipts = await store.query((db) =>
      db
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.kind, RECEIPT_KIND),
            inArray(
              mailOutbox.subjectId,
              charges.map((o) => o.id),
            ),
          ),
        ),
    );
    expect(receipts).toHaveLength(3);
  }, 300_000);
});
