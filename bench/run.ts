/**
 * `npm run bench`: every figure in bench/BENCHMARKS.md. Builds the web app and the server first,
 * then measures the built thing. Pick parts with `--only=a,b` or leave some out with `--skip=a,b`:
 *
 *   size        first-load JS of / (gzip -9)                    (budget 100 KB)
 *   start       built server ready on an existing data directory (target 2 s)
 *   api         GET /api/public/catalogue vs bare Fastify        (target 40%, on PGlite and PostgreSQL)
 *   checkout    checkouts/s on PostgreSQL and PGlite             (targets 1,000 and 300, p99 < 50 ms)
 *   lighthouse  mobile performance and accessibility of every page (targets 95 and 100)
 *   scale-out   1 vs 2 processes behind nginx on one PostgreSQL, and shared state across them
 *   report      the payment report at 1,000,000 orders           (bench/report.ts; long)
 *   billing     a monthly billing run of 100,000 due gifts on PostgreSQL (bench/billing.ts)
 *   event-sessions  the staff session list and the hosts CSV at 20,000 registrants (bench/event-sessions.ts)
 *
 * Settings (environment): BENCH_RUNS (3), BENCH_LIGHTHOUSE_RUNS (5), BENCH_SECONDS (10), BENCH_CONNECTIONS (32),
 * BENCH_CHECKOUTS_PG (3000 a run), BENCH_CHECKOUTS_PGLITE (1000 a run), BENCH_CHECKOUT_DATABASES
 * (postgres,pglite), BENCH_API_DATABASES (pglite,postgres), BENCH_API_BEFORE_DIST (another server build, e.g.
 * main's, measured in the api part's same rounds), BENCH_LOG_LEVEL (info, as production), WEB_DIST (build the web app there instead of apps/web/dist), REPORT_BENCH_PG_ROWS,
 * REPORT_BENCH_PGLITE_ROWS, BENCH_BILLING_GIFTS (100000), BENCH_BUILD=0 (skip the build), BENCH_NODE_FLAGS (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile the servers under load). Raw results go to bench/results/<time>.json (git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../e2e/support/start-server';
import { benchApiThroughput } from './api-throughput';
import { benchBilling } from './billing';
import { benchCheckout } from './checkout-throughput';
import { benchEventSessions } from './event-sessions';
import { benchLighthouse } from './lighthouse';
import { runReportBench } from './report';
import { benchScaleOut } from './scale-out';
import { measureStartTime } from './start-time';
import { WEB_DIST } from './support/server';
import { count, loadLine, machineLine } from './support/stats';

const PARTS = [
  'size',
  'start',
  'api',
  'checkout',
  'lighthouse',
  'scale-out',
  'report',
  'billing',
  'event-sessions',
] as const;
type Part = (typeof PARTS)[number];

function listArg(name: string): string[] | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg?.slice(name.length + 3).split(',');
}

function selectedParts(): Part[] {
  const only = listArg('only');
  const skip = listArg('skip') ?? [];
  for (const name of [...(only ?? []), ...skip]) {
    if (!PARTS.includes(name as Part)) throw new Error(`unknown part ${name}: choose from ${PARTS.join(', ')}`);
  }
  return PARTS.filter((p) => (only ? only.includes(p) : true) && !skip.includes(p));
}

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

function apiDatabases(list: string): ('pglite' | 'postgres')[] {
  return list.split(',').map((name) => {
    if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_API_DATABASES: unknown database ${name}`);
    return name;
  });
}
const settings = {
  runs: setting('BENCH_RUNS', 3),
  // Lighthouse's own advice: the median of 5 runs (its Total Blocking Time moves ±100 ms between
  // runs of one build on a quiet 2-core machine; with 3 runs one outlier was often the median).
  lighthouseRuns: setting('BENCH_LIGHTHOUSE_RUNS', 5),
  seconds: setting('BENCH_SECONDS', 10),
  connections: setting('BENCH_CONNECTIONS', 32),
  checkoutsPostgres: setting('BENCH_CHECKOUTS_PG', 3000),
  checkoutsPglite: setting('BENCH_CHECKOUTS_PGLITE', 1000),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
  checkoutDatabases: (process.env.BENCH_CHECKOUT_DATABASES ?? 'postgres,pglite').split(','),
  apiDatabases: apiDatabases(process.env.BENCH_API_DATABASES ?? 'pglite,postgres'),
  apiBeforeDist: process.env.BENCH_API_BEFORE_DIST,
  billingGifts: setting('BENCH_BILLING_GIFTS', 100_000),
};

const log = (line: string) => console.log(line);
const heading = (text: string) => log(`\n## ${text}\n\n${loadLine()} at the start\n`);
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');

const run = (cmd: string, args: string[], cwd = repoRoot) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

/** The web app into WEB_DIST (compressed as `npm run build` does) and the server bundle. */
function build(): void {
  // BENCH_BUILD=0: measure what is already built (for iterating on one part; every figure in
  // BENCHMARKS.md comes from a run that built first).
  if (process.env.BENCH_BUILD === '0') return;
  if (process.env.WEB_DIST) {
    const web = join(repoRoot, 'apps/web');
    run('npx', ['vite', 'build', '--outDir', WEB_DIST, '--emptyOutDir', '--logLevel', 'warn'], web);
    run(process.execPath, ['scripts/prerender.mjs', WEB_DIST], web);
    run(process.execPath, ['scripts/precompress.mjs', WEB_DIST], web);
    run('npm', ['run', 'build', '--silent', '-w', '@store/server']);
  } else {
    run('npm', ['run', 'build', '--silent']);
  }
}

const parts = selectedParts();
const results: Record<string, unknown> = { settings };
const started = performance.now();
log(`# npm run bench (${parts.join(', ')}), ${new Date().toISOString()}\n`);
log(`machine: ${machineLine()}`);
log(`settings: ${JSON.stringify(settings)}`);
build();

if (parts.includes('size')) {
  heading('First-load JS of / (gzip -9)');
  log(run(process.execPath, ['apps/web/scripts/first-load-size.mjs', WEB_DIST]));
}

if (parts.includes('start')) {
  heading('Server start on an existing PGlite data directory, to the first 200 from /healthz');
  const built = await measureStartTime(5, 'built');
  const tsx = await measureStartTime(5, 'tsx');
  results.start = { built, tsx };
  log(
    `built (npm start): first start ${built.firstMs.toFixed(0)} ms; restarts ${built.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${built.medianMs.toFixed(0)} ms — ${verdict(built.medianMs <= 2000)} (2 s)`,
  );
  log(
    `under tsx (before):   restarts ${tsx.runsMs.map((ms) => ms.toFixed(0)).join(', ')} ms; median ${tsx.medianMs.toFixed(0)} ms`,
  );
}

if (parts.includes('api')) {
  const api: Record<string, unknown> = {};
  for (const database of settings.apiDatabases) {
    heading(
      `GET /api/public/catalogue vs a bare Fastify hello-world on ${database} (${settings.runs} x ${settings.seconds} s each, alternating, ${settings.connections} connections)`,
    );
    const beforeMain = settings.apiBeforeDist ? join(repoRoot, settings.apiBeforeDist, 'main.js') : undefined;
    const result = await benchApiThroughput({ ...settings, database, beforeMain, log });
    if (!result) {
      log(`!!! PostgreSQL (initdb/pg_ctl) not found: the PostgreSQL API benchmark is SKIPPED !!!`);
      continue;
    }
    api[database] = result;
    const percent = (ratio: number) => `${(ratio * 100).toFixed(0)}%`;
    log(
      `\n${database} medians: hello-world ${count(result.medianHello)} req/s, catalogue ${count(result.medianCatalogue)} req/s: ${percent(result.ratio)} — ${verdict(result.ratio >= 0.4)} (40%)` +
        (result.medianBefore === undefined || result.ratioBefore === undefined
          ? ''
          : `; before (${settings.apiBeforeDist}) ${count(result.medianBefore)} req/s: ${percent(result.ratioBefore)}`),
    );
  }
  results.api = api;
}

if (parts.includes('checkout')) {
  heading(`Checkout (sandbox gateway, captcha off, ${settings.connections} connections, ${settings.runs} runs)`);
  const checkout: Record<string, unknown> = {};
  for (const [database, amount, target] of [
    ['postgres', settings.checkoutsPostgres, 1000],
    ['pglite', settings.checkoutsPglite, 300],
  ] as const) {
    if (!settings.checkoutDatabases.includes(database)) continue;
    const result = await benchCheckout({ ...settings, database, amount, log });
    if (!result) {
      log(`!!! PostgreSQL (initdb/pg_ctl) not found: the PostgreSQL checkout benchmark is SKIPPED !!!`);
      continue;
    }
    checkout[database] = result;
    log(
      `${database} medians: ${count(result.medianCheckoutsPerSecond)} checkouts/s — ${verdict(result.medianCheckoutsPerSecond >= target)} (${target}); ` +
        `p50 ${result.medianP50Ms} ms, p99 ${result.medianP99Ms} ms — ${verdict(result.medianP99Ms < 50)} (50 ms); ` +
        `failed ${result.failures}; server CPU ${result.medianServerCpuMs.toFixed(2)} ms a checkout ` +
        `(${result.allIn.serverCpuMs.toFixed(2)} ms with its receipt); receipts: ` +
        `${count(result.receipts.written)} of ${count(result.receipts.expected)}, drained ${result.receipts.drainSeconds.toFixed(1)} s after the load\n`,
    );
  }
  results.checkout = checkout;
}

if (parts.includes('lighthouse')) {
  heading(`Lighthouse ${settings.lighthouseRuns} runs a page, mobile (default config), Debian's Chromium`);
  const pages = await benchLighthouse({ runs: settings.lighthouseRuns, log });
  results.lighthouse = pages;
  log('\n| page | performance (median) | accessibility (median) | FCP | LCP | TBT | CLS |');
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of pages) {
    const m = p.metrics;
    log(
      `| ${p.path} | ${p.medianPerformance} (${p.performance.join(', ')}) | ${p.medianAccessibility} | ${(m.fcp / 1000).toFixed(1)} s | ${(m.lcp / 1000).toFixed(1)} s | ${m.tbt.toFixed(0)} ms | ${m.cls.toFixed(3)} |`,
    );
  }
  for (const p of pages) if (p.failedAudits.length) log(`${p.path}: ${p.failedAudits.join('; ')}`);
  const met = pages.every((p) => p.medianPerformance >= 95 && p.medianAccessibility === 100);
  log(`\ntargets (performance >= 95, accessibility 100 on every page) — ${verdict(met)}`);
}

if (parts.includes('scale-out')) {
  heading('Scale-out: 1 vs 2 processes behind nginx (least_conn) on one PostgreSQL');
  const scale = await benchScaleOut({ ...settings, checkouts: settings.checkoutsPostgres, log });
  if (!scale) {
    log('!!! nginx (apt-get install -y nginx-light) or PostgreSQL not found: the scale-out benchmark is SKIPPED !!!');
  } else {
    results.scaleOut = scale;
    const m = scale.medians;
    log(
      `\nmedians: catalogue ${count(m.catalogueOne)} -> ${count(m.catalogueTwo)} req/s; checkout ${count(m.checkoutOne)} -> ${count(m.checkoutTwo)} /s`,
    );
    log(`shared state: ${scale.checks.filter((c) => c.passed).length} of ${scale.checks.length} checks passed`);
  }
}

if (parts.includes('report')) {
  heading('Payment report (GET /api/report-data, /api/report-data.csv)');
  log('sizes: REPORT_BENCH_PG_ROWS (default 1000000), REPORT_BENCH_PGLITE_ROWS (default 100000)\n');
  await runReportBench();
}

if (parts.includes('billing')) {
  heading(`Monthly billing: ${count(settings.billingGifts)} due gifts on PostgreSQL (runBilling, sandbox gateway)`);
  const billing = await benchBilling({ gifts: settings.billingGifts, log });
  if (!billing) {
    log('!!! PostgreSQL (initdb/pg_ctl) not found: the billing benchmark is SKIPPED !!!');
  } else {
    results.billing = billing;
    const { check } = billing;
    const once =
      check.paidOnce === billing.gifts && check.ledgerSales === billing.gifts && check.advanced === billing.gifts;
    log(
      `${count(billing.gifts)} gifts in ${billing.seconds.toFixed(1)} s: ${count(billing.giftsPerSecond)} gifts/s; ` +
        `peak RSS ${billing.peakRssMb.toFixed(0)} MB (${billing.startRssMb.toFixed(0)} MB before the run), peak heap ${billing.peakHeapMb.toFixed(0)} MB` +
        (billing.liveHeapMb.length > 0 ? ` (live after GC, every 15 s: ${billing.liveHeapMb.join(', ')} MB)` : '') +
        '; ' +
        `paid once ${count(check.paidOnce)}, ledger sales ${count(check.ledgerSales)}, advanced ${count(check.advanced)}, receipts ${count(check.receipts)} — ${verdict(once)} (each gift charged once)`,
    );
  }
}

if (parts.includes('event-sessions')) {
  heading('Event sessions: the staff session list and the hosts CSV at 20,000 registrants');
  results.eventSessions = await benchEventSessions({ families: 8_000, databases: ['pglite', 'postgres'], log });
}

const minutes = (performance.now() - started) / 60_000;
log(`\ntotal: ${minutes.toFixed(1)} min; ${loadLine()} at the end`);
const dir = join(repoRoot, 'bench/results');
mkdirSync(dir, { recursive: true });
const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(file, JSON.stringify({ ...results, minutes }, null, 2));
log(`raw results: ${file}`);
