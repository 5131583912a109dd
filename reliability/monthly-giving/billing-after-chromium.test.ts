/**
 * Issue 22's "done means", first part: a monthly gift started in Chromium (the account made inline
 * at checkout), then `npm run billing -- --as-of` for each of the next three months charges it three
 * times and the server sends three receipts, each naming its month; the same day again charges
 * nothing, and (PostgreSQL, where two processes may share the database) two runs at once charge the
 * next month once between them. The CLI runs as a subprocess against the server's own database: on
 * PGlite (one process only) with the server stopped, on PostgreSQL while it runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chargeDayIn, nextPeriod } from '@store/shared/monthly-giving';
import { and, eq, inArray } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { orders, RECEIPT_KIND } from '../../apps/server/src/modules/ledger/index';
import { mailOutbox } from '../../apps/server/src/modules/mail/tables';
import { monthlyGifts } from '../../apps/server/src/modules/monthly-giving/tables';
import { runCli } from '../../apps/server/test/run-cli';
import { describeWithDb } from '../../apps/server/test/test-db';
import { launchChromium } from '../../e2e/support/browser';
import { startMonthlyGift } from '../../e2e/support/monthly-donor';
import { builtWebDist } from '../fuzz/fuzz-target';
import { emlPart } from '../support/eml';
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

  /** `npm run billing -- --as-of DAY --json` on the server's database, as it is now. */
  async function runBilling(asOf: string): Promise<Summary> {
    const { database } = store;
    const env = {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      LOG_LEVEL: 'warn',
    };
    const run = await runCli(BILLING, ['--as-of', asOf, '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Summary;
  }

  /**
   * Runs `work` with the database to itself: on PGlite (one process per data directory) with the
   * server stopped once around it, as an operator catching up would stop it, and its reads made
   * there too (a `store.query` of each would stop and start the server again: two of the five
   * starts this file made on PGlite); on PostgreSQL beside the running server.
   */
  async function whileServerStopped<T>(work: () => Promise<T>): Promise<T> {
    const pglite = store.database.kind === 'pglite';
    if (pglite) await store.process().stop();
    try {
      return await work();
    } finally {
      if (pglite) await store.restart();
    }
  }

  /**
   * The months the receipts the server has sent so far name ('January 2027'): .eml files in the
   * outbox here (no SMTP_URL), read without touching the database (on PGlite that would stop the
   * server, and with it the mail worker).
   */
  function sentReceiptMonths(): string[] {
    const outbox = join(store.database.dataDir, 'outbox');
    return readdirSync(outbox)
      .filter((name) => name.includes('-receipt-'))
      .map((name) => emlPart(readFileSync(join(outbox, name), 'utf8'), 'plain'))
      .flatMap((text) => [...text.matchAll(/\(monthly gift, ([A-Z][a-z]+ \d{4})\)/g)].map((m) => m[1] ?? ''))
      .filter((month, i, all) => all.indexOf(month) === i);
  }

  async function untilSent(count: number): Promise<string[]> {
    const deadline = Date.now() + 120_000;
    let months = sentReceiptMonths();
    while (months.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      months = sentReceiptMonths();
    }
    return months;
  }

  it('charges three times and sends three receipts; the same day again, or two runs at once, never twice', async () => {
    const context = await browser.newContext({ baseURL: store.baseUrl });
    const page = await context.newPage();
    const email = `monthly.billing.${Date.now()}@example.org`;
    await startMonthlyGift(page, { email, amount: '51' });
    await context.close();

    const { gift, period, summaries, charges } = await whileServerStopped(async () => {
      const [gift] = await store.database.withDb((db) =>
        db.select().from(monthlyGifts).where(eq(monthlyGifts.email, email)),
      );
      if (!gift) throw new Error('no gift was started');
      expect(gift.status).toBe('active');
      let period = gift.billingPeriod;
      const days: string[] = [];
      for (let month = 1; month <= 3; month++) {
        days.push(chargeDayIn(period, gift.billingDay));
        period = nextPeriod(period);
      }
      // Each month's day charges once; safe to run twice: the third month's day again charges nothing.
      const summaries: Summary[] = [];
      for (const day of [...days, days[2] ?? '']) summaries.push(await runBilling(day));
      const charges = await store.database.withDb((db) =>
        db
          .select()
          .from(orders)
          .where(and(eq(orders.monthlyGiftId, gift.id), eq(orders.status, 'succeeded'))),
      );
      return { gift, period, summaries, charges };
    });
    for (const summary of summaries.slice(0, 3)) {
      expect(summary).toMatchObject({ dryRun: false, charged: 1, chargedCents: 5100 });
    }
    expect(summaries[3]).toMatchObject({ due: 0, charged: 0, chargedCents: 0 });

    expect(charges.map((o) => o.amountCents)).toEqual([5100, 5100, 5100]);
    expect(new Set(charges.map((o) => o.billingPeriod)).size).toBe(3);
    // The server's mail worker sends them (on PGlite once it is started again after the runs), each
    // naming the month it pays for, after the checkout's receipt, which names the first month.
    const monthName = (period: string) =>
      new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${period}-15T12:00:00Z`),
      );
    const sent = await untilSent(4);
    expect(sent).toHaveLength(4);
    expect(sent).toEqual(expect.arrayContaining(charges.map((o) => monthName(o.billingPeriod ?? ''))));
    // On PGlite the server's last use (what follows is PostgreSQL's): it is not started again only to be stopped.
    const receipts = await store.query(
      (db) =>
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
      { last: store.database.kind === 'pglite' },
    );
    expect(receipts.map((row) => row.sentAt !== null)).toEqual([true, true, true]);

    if (store.database.kind === 'postgres') {
      // Two runs at once for the fourth month, beside the running server: one charge between them.
      const fourth = chargeDayIn(period, gift.billingDay);
      const [a, b] = await Promise.all([runBilling(fourth), runBilling(fourth)]);
      expect(a.charged + b.charged).toBe(1);
      const paid = await store.query((db) =>
        db
          .select()
          .from(orders)
          .where(and(eq(orders.monthlyGiftId, gift.id), eq(orders.status, 'succeeded'))),
      );
      expect(paid).toHaveLength(4);
    }
  }, 300_000);
});
