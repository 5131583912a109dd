/**
 * Checkout throughput (issue 8): POST /api/public/payment/checkout on the built server with the
 * sandbox gateway and CAPTCHA_PROVIDER=off (the bench's only concession: a captcha's proof of work
 * would measure the client, not the server), on PGlite and on a throw-away PostgreSQL with fsync on.
 * Each request is a new order with its own Idempotency-Key and its own single-use nonce, made
 * beforehand at the sandbox tokenizer. autocannon runs in a second process, 32 connections.
 * Afterwards the receipts are counted in DATA_DIR/outbox: they are sent by the mail worker off the
 * request path, and the time they take to drain after the load is reported.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startThrowawayPostgres } from '../test/start-postgres';
import { checkoutTemplate, mintNonces } from './support/checkout-load';
import { cpuSeconds, postmasterPid, treeCpuSeconds } from './support/cpu';
import { describeLoad, runLoad } from './support/load';
import type { LoadSummary } from './support/load-spec';
import { startBenchServer } from './support/server';
import { count, median } from './support/stats';

export type Database = 'postgres' | 'pglite';

export type CheckoutBenchOptions = {
  database: Database;
  /** Checkouts per measured run. */
  amount: number;
  runs: number;
  connections: number;
  /** The server's LOG_LEVEL: `info` is what production runs by default. */
  logLevel: string;
  log: (line: string) => void;
};

/** CPU milliseconds per successful checkout, of the server process and of PostgreSQL (all its processes). */
export type CheckoutCost = { serverCpuMs: number; postgresCpuMs: number | undefined };

export type CheckoutBenchResult = {
  database: Database;
  runs: (LoadSummary & CheckoutCost)[];
  medianServerCpuMs: number;
  medianCheckoutsPerSecond: number;
  medianP50Ms: number;
  medianP99Ms: number;
  failures: number;
  receipts: { expected: number; written: number; drainSeconds: number };
  /**
   * Server (and PostgreSQL) CPU ms per checkout from the first measured run until every receipt was
   * written: the whole cost of a checkout, its receipt included, wherever the worker happened to
   * send it (during the runs or after them). The per-run figures count only what ran in the run.
   */
  allIn: { serverCpuMs: number; postgresCpuMs: number | undefined };
};

const WARM_UP = 500;

function outboxFiles(dataDir: string): number {
  try {
    return readdirSync(join(dataDir, 'outbox')).filter((name) => name.endsWith('.eml')).length;
  } catch {
    return 0;
  }
}

/** Waits (at most `limitMs`) until every receipt was written; answers the seconds it took. */
async function drainReceipts(dataDir: string, expected: number, limitMs = 120_000): Promise<number> {
  const started = performance.now();
  while (outboxFiles(dataDir) < expected && performance.now() - started < limitMs) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return (performance.now() - started) / 1000;
}

/** Undefined when PostgreSQL is wanted but not installed (the caller says so loudly). */
export async function benchCheckout(options: CheckoutBenchOptions): Promise<CheckoutBenchResult | undefined> {
  const { database, amount, runs, connections, log } = options;
  // fsync on: the durability production has (the test servers run with it off).
  const postgres = database === 'postgres' ? await startThrowawayPostgres({ settings: { fsync: 'on' } }) : undefined;
  if (database === 'postgres' && !postgres) return undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-checkout-'));
  try {
    const server = await startBenchServer({
      env: {
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        CAPTCHA_PROVIDER: 'off',
        PAYMENT_GATEWAY: 'sandbox',
        // Each checkout comes as its own donor's address (X-Forwarded-For, support/load-worker.ts).
        TRUST_PROXY: 'true',
        LOG_LEVEL: options.logLevel,
      },
    });
    try {
      const total = WARM_UP + runs * amount;
      const minting = performance.now();
      const nonces = await mintNonces(server.baseUrl, total);
      log(`  ${database}: ${count(total)} nonces made in ${((performance.now() - minting) / 1000).toFixed(1)} s`);
      const body = checkoutTemplate();
      const path = '/api/public/payment/checkout';
      let used = 0;
      const load = (n: number) => {
        const slice = nonces.slice(used, used + n);
        used += n;
        return runLoad({
          url: server.baseUrl,
          connections,
          amount: n,
          request: { kind: 'checkout', path, body, nonces: slice },
        });
      };
      const warm = await load(WARM_UP);
      log(`  ${database} warm-up: ${describeLoad(warm)}`);
      const postmaster = postgres ? postmasterPid(Number(new URL(postgres.url).port)) : undefined;
      const results: (LoadSummary & CheckoutCost)[] = [];
      // The warm-up's receipts first, so the all-in figure counts the measured checkouts' only.
      await drainReceipts(dataDir, warm.successes);
      const serverAtStart = cpuSeconds(server.pid);
      const postgresAtStart = postmaster ? treeCpuSeconds(postmaster) : 0;
      for (let i = 0; i < runs; i++) {
        const serverBefore = cpuSeconds(server.pid);
        const postgresBefore = postmaster ? treeCpuSeconds(postmaster) : 0;
        const result = await load(amount);
        const per = (seconds: number) => (seconds * 1000) / Math.max(1, result.successes);
        const cost: CheckoutCost = {
          serverCpuMs: per(cpuSeconds(server.pid) - serverBefore),
          postgresCpuMs: postmaster ? per(treeCpuSeconds(postmaster) - postgresBefore) : undefined,
        };
        results.push({ ...result, ...cost });
        log(
          `  ${database} run ${i + 1}: ${count(result.successesPerSecond)} checkouts/s; ${describeLoad(result)}; ` +
            `CPU per checkout: server ${cost.serverCpuMs.toFixed(2)} ms` +
            (cost.postgresCpuMs === undefined ? '' : `, PostgreSQL ${cost.postgresCpuMs.toFixed(2)} ms`),
        );
      }
      const expected = warm.successes + results.reduce((sum, r) => sum + r.successes, 0);
      const drainSeconds = await drainReceipts(dataDir, expected);
      const written = outboxFiles(dataDir);
      const measured = Math.max(
        1,
        results.reduce((sum, r) => sum + r.successes, 0),
      );
      const allIn = {
        serverCpuMs: ((cpuSeconds(server.pid) - serverAtStart) * 1000) / measured,
        postgresCpuMs: postmaster ? ((treeCpuSeconds(postmaster) - postgresAtStart) * 1000) / measured : undefined,
      };
      log(
        `  ${database}: CPU per checkout with its receipt, runs + drain: server ${allIn.serverCpuMs.toFixed(2)} ms` +
          (allIn.postgresCpuMs === undefined ? '' : `, PostgreSQL ${allIn.postgresCpuMs.toFixed(2)} ms`),
      );
      log(
        `  ${database}: ${count(written)} of ${count(expected)} receipts written, ${drainSeconds.toFixed(1)} s after the load`,
      );
      return {
        database,
        runs: results,
        medianCheckoutsPerSecond: median(results.map((r) => r.successesPerSecond)),
        medianServerCpuMs: median(results.map((r) => r.serverCpuMs)),
        medianP50Ms: median(results.map((r) => r.p50Ms)),
        medianP99Ms: median(results.map((r) => r.p99Ms)),
        failures: results.reduce((sum, r) => sum + r.requests - r.successes + r.errors, 0),
        receipts: { expected, written, drainSeconds },
        allIn,
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    postgres?.stop();
  }
}
