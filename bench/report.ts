/**
 * The payment report at size (issue 4): generates N succeeded orders, starts the real server
 * (`npm run serve`'s command) as a child process on them, and measures over HTTP on loopback, from
 * this process: the median latency of the first page, a filtered page (center + 90 days), a next
 * page and two searches; the full CSV export's time; and the server's peak memory (VmHWM).
 *
 *   PostgreSQL: a throw-away server (test/start-postgres.ts), orders made by generate_series.
 *   PGlite:     a DATA_DIR of its own, orders made the same way in the embedded database.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type OpenDatabaseOptions, openDatabase } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { generateMonthlyGifts } from '../apps/server/test/monthly-gift-rows';
import { generateOrders } from '../apps/server/test/seed-orders';
import { startThrowawayPostgres } from '../test/start-postgres';
import { startBenchServer } from './support/server';
import { median } from './support/stats';

/** The account password (ADMIN_PASSWORD): an owner's needs two-factor, so the report takes a key. */
const ADMIN_ACCOUNT_PASSWORD = 'bench-report-password-0123';
/** What the report takes: the username and the report key ADMIN_REPORT_KEY installs, as the password. */
const ADMIN = { username: 'bench', password: 'rk_bench-report-report-key-0123456789' };
const AUTHORIZATION = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
const RUNS = 30;
/** Generated in statements of this many rows: progress to show, and no giant single transaction. */
const CHUNK = 100_000;

export type ReportBenchResult = {
  database: 'postgres' | 'pglite';
  rows: number;
  generateSeconds: number;
  /** The first report request after start builds the daily sums (once per database and time zone). */
  firstRequestMs: number;
  medians: Record<string, number>;
  csv: { seconds: number; megabytes: number; lines: number };
  peakRssMb: number;
};

/** Peak resident memory of a process so far, from Linux's /proc (VmHWM, in kB). */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export async function fill(options: OpenDatabaseOptions, rows: number, log: (line: string) => void): Promise<number> {
  const connection = await openDatabase(options);
  try {
    await migrateDatabase(connection);
    const started = performance.now();
    // Newest at "now", two years back; every 20th generated order fails, so make enough to have `rows` succeeded.
    const total = Math.ceil(rows / 0.95);
    const endsAt = new Date();
    for (let done = 0; done < total; done += CHUNK) {
      const count = Math.min(CHUNK, total - done);
      // Each chunk its own slice of the two years, newest first, so together they spread evenly.
      await generateOrders(connection.db, {
        count,
        days: (730 * count) / total,
        endsAt: new Date(endsAt.getTime() - (done / total) * 730 * 86_400_000),
        prefix: `b${done}`,
      });
      log(`  generated ${(done + count).toLocaleString('en-US')} / ${total.toLocaleString('en-US')} orders`);
    }
    // Issue 22: monthly gifts (1 per 100 orders) and their billing charges among the orders, so the
    // report's monthly giving summary counts on a realistic table and index.
    await generateMonthlyGifts(connection.db, { count: Math.ceil(rows / 100) });
    log(`  generated ${Math.ceil(rows / 100).toLocaleString('en-US')} monthly gifts and their charges`);
    await connection.db.execute(sql`vacuum analyze orders`);
    await connection.db.execute(sql`vacuum analyze monthly_gifts`);
    return (performance.now() - started) / 1000;
  } finally {
    await connection.close();
  }
}

/** One GET, timed from sending to the last byte of the body. */
async function timedGet(url: string): Promise<{ ms: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: AUTHORIZATION } });
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return { ms, body };
}

/** Today minus `days` as YYYY-MM-DD (UTC is close enough for choosing a range). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

async function measure(baseUrl: string): Promise<Omit<ReportBenchResult, 'database' | 'rows' | 'generateSeconds'>> {
  const api = `${baseUrl}/api/report-data`;
  const firstRequestMs = (await timedGet(`${api}?limit=50`)).ms;
  const second = JSON.parse((await timedGet(`${api}?limit=50`)).body) as { nextCursor: string | null };
  const cases: Record<string, string> = {
    'first page (50 rows + totals, per day, per center)': `${api}?limit=50`,
    'filtered page (center + last 90 days)': `${api}?limit=50&center=2&from=${daysAgo(90)}&to=${daysAgo(0)}`,
    'next page (cursor)': `${api}?limit=50&cursor=${second.nextCursor ?? ''}`,
    'search, e-mail fragment (q=donor12345)': `${api}?limit=50&q=donor12345`,
    'search, surname (q=Venkataraman, ~10% of rows)': `${api}?limit=50&q=Venkataraman`,
  };
  const medians: Record<string, number> = {};
  for (const [name, url] of Object.entries(cases)) {
    for (let i = 0; i < 3; i++) await timedGet(url); // warm-up
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) runs.push((await timedGet(url)).ms);
    medians[name] = median(runs);
  }
  const csvStarted = performance.now();
  const res = await fetch(`${baseUrl}/api/report-data.csv`, { headers: { authorization: AUTHORIZATION } });
  let bytes = 0;
  let lines = 0;
  // Counted as it arrives: this process never holds the file.
  const reader = res.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    bytes += part.value.length;
    for (const byte of part.value) if (byte === 10) lines++;
  }
  const csvSeconds = (performance.now() - csvStarted) / 1000;
  if (!res.ok) throw new Error(`CSV: ${res.status}`);
  return { firstRequestMs, medians, csv: { seconds: csvSeconds, megabytes: bytes / 2 ** 20, lines }, peakRssMb: 0 };
}

export async function measureReport(
  database: 'postgres' | 'pglite',
  rows: number,
  log: (line: string) => void = () => undefined,
): Promise<ReportBenchResult | undefined> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-report-'));
  const postgres = database === 'postgres' ? await startThrowawayPostgres() : undefined;
  try {
    if (database === 'postgres' && !postgres) {
      log('!!! PostgreSQL (initdb/pg_ctl) not found: the PostgreSQL report benchmark is SKIPPED !!!');
      return undefined;
    }
    const generateSeconds = postgres
      ? await fill({ kind: 'postgres', url: postgres.url }, rows, log)
      : await fill({ kind: 'pglite', dataDir: join(dataDir, 'pglite') }, rows, log);
    const server = await startBenchServer({
      env: {
        DATA_DIR: dataDir,
        ...(postgres ? { DATABASE_URL: postgres.url } : {}),
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN_ACCOUNT_PASSWORD,
        ADMIN_REPORT_KEY: ADMIN.password,
      },
      // PGlite reads a large data directory at start.
      timeoutMs: 120_000,
    });
    try {
      const measured = await measure(server.baseUrl);
      return { database, rows, generateSeconds, ...measured, peakRssMb: peakRssMb(server.pid) };
    } finally {
      await server.stop();
    }
  } finally {
    postgres?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatReportBench(result: ReportBenchResult): string {
  const lines = [
    `### ${result.database === 'postgres' ? 'PostgreSQL 15' : 'PGlite'}, ${result.rows.toLocaleString('en-US')} succeeded orders`,
    '',
    `generated in ${result.generateSeconds.toFixed(0)} s; first request after start (builds the daily sums): ${result.firstRequestMs.toFixed(0)} ms`,
    '',
    `| request (median of ${RUNS}, loopback) | ms |`,
    '| --- | ---: |',
    ...Object.entries(result.medians).map(([name, ms]) => `| ${name} | ${ms.toFixed(1)} |`),
    '',
    `CSV export of every row: ${result.csv.seconds.toFixed(1)} s, ${result.csv.megabytes.toFixed(0)} MB, ${(result.csv.lines - 1).toLocaleString('en-US')} rows; server peak RSS (VmHWM) ${result.peakRssMb.toFixed(0)} MB`,
  ];
  return lines.join('\n');
}

/** Both databases, sizes from REPORT_BENCH_PG_ROWS (default 1,000,000) and REPORT_BENCH_PGLITE_ROWS (100,000). */
export async function runReportBench(log: (line: string) => void = (line) => console.log(line)): Promise<void> {
  const sizes = {
    postgres: Number(process.env.REPORT_BENCH_PG_ROWS ?? 1_000_000),
    pglite: Number(process.env.REPORT_BENCH_PGLITE_ROWS ?? 100_000),
  };
  for (const database of ['postgres', 'pglite'] as const) {
    if (!(sizes[database] > 0)) continue;
    const result = await measureReport(database, sizes[database], (line) => console.error(line));
    if (result) log(`${formatReportBench(result)}\n`);
  }
}
