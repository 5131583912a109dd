/**
 * Crashes (issue 7): a second process keeps buying (checkout-load.ts) while the server is killed
 * with SIGKILL at random moments, RELIABILITY_CRASHES times, and started again on the same data.
 * Then the reconciler runs (at start, once the pending orders are old enough to be asked about),
 * and the books are audited:
 *  - every checkout answered 200 is `succeeded`, with the answered transaction id and amount, and in
 *    the payment report (acknowledged checkouts lost: must be 0);
 *  - no order and no Idempotency-Key is charged twice in the gateway's ledger (double charges: 0);
 *  - no order is left pending after reconciliation;
 *  - the orders and the ledger agree, order by order and to the cent; every succeeded order has
 *    exactly one receipt queued;
 *  - the load gives at Dallas (USD), Toronto (CAD) and London (GBP): each entity's receipt series
 *    stays 1 … N without a gap, and every order is its center's entity's, in its currency.
 */

import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reportResponseSchema } from '@store/shared/report';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { basicAuthorization } from '../../apps/server/src/modules/admins/basic-credentials';
import { describeWithDb } from '../../apps/server/test/test-db';
import { freePort } from '../../test/free-port';
import { recordFigures } from '../support/figures';
import { CRASHES } from '../support/scale';
import { createServerDatabase, type ServerDatabase } from '../support/server-database';
import { type Exit, REPO_ROOT, type ServerProcess, startServerProcess } from '../support/server-process';
import { auditBooks, readBooks, reconcilableAt } from './ledger-audit';
import { type LoadAnswer, loadAnswerSchema } from './load-answer';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'crash test passphrase 42';
/** What /report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'treasurer', password: 'rk_checkouts-under-sigkill-report-key-0123456789' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The last start's reconciler age, after the load has stopped (production's is 60 s). */
const RECONCILE_AFTER_SECONDS = 1;

function readAnswers(file: string): LoadAnswer[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => loadAnswerSchema.parse(JSON.parse(line)));
}

/** Every order id in the payment report, following the pages. */
async function reportOrderIds(baseUrl: string): Promise<Set<string>> {
  const ids = new Set<string>();
  let cursor: string | null = null;
  do {
    const url = new URL('/api/report-data', baseUrl);
    url.searchParams.set('limit', '200');
    if (cursor) url.searchParams.set('cursor', cursor);
    const res = await fetch(url, { headers: { authorization: basicAuthorization(ADMIN) } });
    if (res.status !== 200) throw new Error(`report: ${res.status} ${await res.text()}`);
    const page = reportResponseSchema.parse(await res.json());
    for (const donor of page.donors) ids.add(donor.orderId);
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

describeWithDb('checkouts while the server is killed with SIGKILL', () => {
  let database: ServerDatabase;
  let port: number;
  let server: ServerProcess | undefined;
  const answersFile = () => join(database.dataDir, 'load-answers.jsonl');

  const start = async (logLevel = 'warn', extraEnv: Record<string, string> = {}) => {
    server = await startServerProcess({
      port,
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      readyTimeoutMs: 120_000,
      env: {
        LOG_LEVEL: logLevel,
        CAPTCHA_PROVIDER: 'off',
        PAYMENT_GATEWAY: 'sandbox',
        // The load sends X-Forwarded-For: each donor its own address for the card-testing limit.
        TRUST_PROXY: 'true',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
        ADMIN_REPORT_KEY: ADMIN.password,
        ...extraEnv,
      },
    });
    return server;
  };

  beforeAll(async () => {
    database = await createServerDatabase();
    port = await freePort();
    writeFileSync(answersFile(), '');
  });

  afterAll(async () => {
    await server?.kill();
    await database?.close();
  });

  it(
    'loses no acknowledged checkout, charges nothing twice, and leaves the two ledgers agreeing',
    async () => {
      let current = await start();
      const load = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'checkout-load.ts')], {
        cwd: REPO_ROOT,
        env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}`, OUT_FILE: answersFile(), CONCURRENCY: '4' },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const loadExited = new Promise<number | null>((resolve) => load.once('exit', (code) => resolve(code)));

      // Kill at random moments: right after a start, in the middle of the load, anywhere between.
      const kills: { afterMs: number; answeredBefore: number; exit: Exit }[] = [];
      for (let i = 0; i < CRASHES; i += 1) {
        const afterMs = randomInt(300, 3_000);
        await sleep(afterMs);
        const answeredBefore = readAnswers(answersFile()).length;
        const exit = await current.kill();
        kills.push({ afterMs, answeredBefore, exit });
        await sleep(randomInt(0, 500));
        current = await start();
      }
      // Let the load run on the last start, then stop it: checkouts in flight finish first.
      await sleep(2_000);
      load.kill('SIGTERM');
      expect(await loadExited, 'the load process exits cleanly').toBe(0);
      const graceful = await current.stop();
      expect(graceful, 'SIGTERM stops the server with exit code 0').toEqual({ code: 0, signal: null });

      // The reconciler settles pending orders once they are old enough; it runs at every start. The
      // load has stopped, so no checkout is in flight: the last start asks about orders a second
      // old rather than a minute (TEST_RECONCILE_AFTER_SECONDS), and the run need not wait a minute.
      const settled = reconcilableAt(RECONCILE_AFTER_SECONDS);
      const before = await database.withDb(settled);
      if (before.pending > 0) await sleep(Math.max(0, before.at - Date.now()) + 1_000);
      const last = await start('info', { TEST_RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER_SECONDS) });
      if (before.pending > 0) {
        const deadline = Date.now() + 60_000;
        while (!last.output().includes('"msg":"reconciler run"') && Date.now() < deadline) await sleep(200);
        // PostgreSQL can be asked directly; on PGlite the log line above is the signal.
        if (database.kind === 'postgres') {
          while ((await database.withDb(settled)).pending > 0 && Date.now() < deadline) await sleep(200);
        }
      }
      const inReport = await reportOrderIds(last.baseUrl);
      await last.stop();

      const answers = readAnswers(answersFile());
      const books = await database.withDb(readBooks);
      const audit = auditBooks(books);

      // Every 200 the load received, and what became of it.
      const acknowledged = new Map<string, LoadAnswer>();
      for (const a of answers) if (a.status === 200 && a.orderId) acknowledged.set(a.orderId, a);
      const lost: string[] = [];
      for (const [orderId, a] of acknowledged) {
        const order = books.orders.get(orderId);
        const charge = books.ledger.get(orderId)?.find((r) => r.approved);
        const ok =
          order?.status === 'succeeded' &&
          order.amountCents === a.amountCents &&
          order.transactionId === a.transactionId &&
          charge?.amountCents === a.amountCents &&
          inReport.has(orderId);
        if (!ok) lost.push(orderId);
      }
      const declinedAnswered = answers.filter((a) => a.status === 402 && a.orderId);
      const declinedButCharged = declinedAnswered.filter((a) => books.orders.get(a.orderId ?? '')?.status !== 'failed');
      const finals = answers.filter((a) => a.final);
      const statuses: Record<string, number> = {};
      for (const a of finals) statuses[a.status] = (statuses[a.status] ?? 0) + 1;

      recordFigures('crash', {
        crashes: kills.length,
        kills,
        checkoutsAttempted: new Set(answers.map((a) => a.key)).size,
        finalAnswers: statuses,
        acknowledgedSuccesses: acknowledged.size,
        acknowledgedAfterRetry: [...acknowledged.values()].filter((a) => a.retried).length,
        replayedAnswers: answers.filter((a) => a.replayed).length,
        acknowledgedLost: lost.length,
        declinedAnsweredButNotFailed: declinedButCharged.length,
        pendingBeforeReconciliation: before.pending,
        ...audit,
        inReport: inReport.size,
      });

      expect(kills.length).toBe(CRASHES);
      expect(acknowledged.size, 'the load got successes').toBeGreaterThan(0);
      expect(lost, 'acknowledged checkouts missing, changed or not in the report').toEqual([]);
      expect(declinedButCharged, 'declined answers whose order is not failed').toEqual([]);
      expect(audit.doubleCharges, 'double charges').toBe(0);
      expect(audit.pending, 'orders still pending after reconciliation').toBe(0);
      expect(audit.disagreements, 'orders and ledger disagree').toEqual([]);
      expect(audit.succeededCents, 'the two ledgers agree to the cent').toBe(audit.chargedCents);
      expect(audit.receiptProblems, 'one receipt per succeeded order').toEqual([]);
      expect(audit.numberingProblems, 'receipt numbers 1 … N per entity and year, each order its center’s').toEqual([]);
      // The load gave in all three entities' currencies (a third each): each was charged and numbered.
      const paidCurrencies = new Set(
        [...books.orders.values()].filter((o) => o.status === 'succeeded').map((o) => o.currency),
      );
      expect([...paidCurrencies].sort(), 'paid in each currency').toEqual(['CAD', 'GBP', 'USD']);
      expect(inReport.size, 'the report lists exactly the succeeded orders').toBe(audit.succeeded);
    },
    600_000 + CRASHES * 60_000,
  );
});
