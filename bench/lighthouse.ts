/**
 * Lighthouse (issue 8): mobile performance and accessibility of the pages visitors see, on the
 * built server, with the `lighthouse` package driving Debian's Chromium. The default config is the
 * mobile one (a mid-range phone's screen, 4x CPU slowdown and a slow 4G link, simulated). Each page
 * is run `runs` times in a fresh browser profile; the medians are reported.
 *
 * /cart and /checkout are measured with a bucket in it (a book and a donation), as a visitor reaches
 * them: the bucket is written to localStorage in a seeded profile, copied fresh for every run, and
 * Lighthouse is told not to reset storage (its HTTP cache is empty all the same: the seeding never
 * loads the site's pages).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { BOOK, openAmount } from '../apps/server/test/checkout-helpers';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/chromium';
import { repoRoot } from '../e2e/support/start-server';
import { startBenchServer } from './support/server';
import { median } from './support/stats';

const run = promisify(execFile);
/** Lighthouse starts Chromium itself: headless, with the flags the e2e tests use. */
const LIGHTHOUSE_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];
const LIGHTHOUSE_CLI = join(repoRoot, 'node_modules/lighthouse/cli/index.js');

/** Every route a visitor can open (issue 17: mobile performance ≥ 95 and accessibility 100 on each). */
export const LIGHTHOUSE_PAGES = [
  '/',
  '/concert',
  '/cart',
  '/checkout',
  '/order-success',
  '/order-failed',
  '/registration',
  '/login',
  '/register',
  '/dashboard',
  '/payment',
  '/nav',
  '/report',
] as const;
const WITH_BUCKET = new Set<string>(['/cart', '/checkout']);

/**
 * BENCH_LIGHTHOUSE_PAGES=/checkout,/registration: only those pages, for iterating on one fix (all
 * of them take ~10 minutes); every figure in BENCHMARKS.md comes from a run of all of them.
 * BENCH_LIGHTHOUSE_KEEP=<dir>: keep each run's Lighthouse report and trace (JSON) there.
 */
function pagesFromEnv(): readonly string[] | undefined {
  const list = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!list?.length) return undefined;
  for (const path of list) if (!path.startsWith('/')) throw new Error(`BENCH_LIGHTHOUSE_PAGES: ${path} is not a path`);
  return list;
}

export type PageScores = {
  path: string;
  performance: number[];
  accessibility: number[];
  medianPerformance: number;
  medianAccessibility: number;
  /** Medians, ms (CLS unitless). */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Audits that did not pass in the last run, `id: title`, for the findings list. */
  failedAudits: string[];
};

type LighthouseReport = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { id: string; title: string; score: number | null; numericValue?: number }>;
};

/** A Chromium profile whose localStorage holds a bucket for `origin`. */
async function seededProfile(origin: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  try {
    const page = await context.newPage();
    // /healthz: same origin, so the storage is the site's, without caching any of its pages.
    await page.goto(`${origin}/healthz`);
    await page.evaluate((lines) => localStorage.setItem('cart', lines), JSON.stringify([BOOK, openAmount(8, 25)]));
  } finally {
    await context.close();
  }
  return dir;
}

async function lighthouseOnce(url: string, profile: string | undefined): Promise<LighthouseReport> {
  const out = mkdtempSync(join(tmpdir(), 'store-bench-lh-'));
  let userDataDir: string | undefined;
  try {
    const flags = [...LIGHTHOUSE_CHROMIUM_FLAGS];
    const extra: string[] = [];
    if (profile) {
      userDataDir = join(out, 'profile');
      cpSync(profile, userDataDir, { recursive: true });
      flags.push(`--user-data-dir=${userDataDir}`);
      extra.push('--disable-storage-reset');
    }
    const report = join(out, 'report.json');
    await run(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility',
        `--chrome-flags=${flags.join(' ')}`,
        ...extra,
        ...(process.env.BENCH_LIGHTHOUSE_KEEP ? ['--save-assets'] : []),
      ],
      { cwd: repoRoot, env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, maxBuffer: 64 * 1024 * 1024 },
    );
    const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
    if (keep) {
      // For reading a run's details (LCP element, long tasks) afterwards.
      mkdirSync(keep, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}`;
      cpSync(report, join(keep, `${name}.json`));
      cpSync(join(out, 'report-0.trace.json'), join(keep, `${name}.trace.json`));
    }
    return JSON.parse(readFileSync(report, 'utf8')) as LighthouseReport;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP on a busy machine): try again. */
async function lighthouseWithRetry(url: string, profile: string | undefined, log: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url, profile);
    } catch (error) {
      const stderr = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
      if (attempt >= 3) throw new Error(`Lighthouse failed 3 times on ${url}: ${stderr}`);
      log(`  (Lighthouse failed on ${url}, trying again: ${stderr.split('\n').pop()})`);
    }
  }
}

function score(report: LighthouseReport, category: string): number {
  return Math.round((report.categories[category]?.score ?? 0) * 100);
}

function metric(report: LighthouseReport, id: string): number {
  return report.audits[id]?.numericValue ?? Number.NaN;
}

/** Audits of either category that count towards its score and did not pass. */
function failedAudits(report: LighthouseReport): string[] {
  const ids = new Set(
    ['performance', 'accessibility'].flatMap((c) =>
      (report.categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0).map((r) => r.id),
    ),
  );
  return [...ids]
    .map((id) => report.audits[id])
    .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
    .map((a) => `${a?.id}: ${a?.title} (${a?.score})`);
}

export async function benchLighthouse(options: {
  runs: number;
  pages?: readonly string[];
  log: (line: string) => void;
}): Promise<PageScores[]> {
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium`);
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-lh-data-'));
  // The production defaults (ALTCHA, sandbox gateway, PGlite); quiet logs.
  const server = await startBenchServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  let profile: string | undefined;
  try {
    profile = await seededProfile(server.baseUrl);
    const results: PageScores[] = [];
    for (const path of options.pages ?? pagesFromEnv() ?? LIGHTHOUSE_PAGES) {
      const reports: LighthouseReport[] = [];
      for (let i = 0; i < options.runs; i++) {
        const url = `${server.baseUrl}${path}`;
        const report = await lighthouseWithRetry(url, WITH_BUCKET.has(path) ? profile : undefined, options.log);
        reports.push(report);
        options.log(
          `  ${path} run ${i + 1}: performance ${score(report, 'performance')}, accessibility ${score(report, 'accessibility')}`,
        );
      }
      const med = (id: string) => median(reports.map((r) => metric(r, id)));
      const last = reports[reports.length - 1];
      results.push({
        path,
        performance: reports.map((r) => score(r, 'performance')),
        accessibility: reports.map((r) => score(r, 'accessibility')),
        medianPerformance: median(reports.map((r) => score(r, 'performance'))),
        medianAccessibility: median(reports.map((r) => score(r, 'accessibility'))),
        metrics: {
          fcp: med('first-contentful-paint'),
          lcp: med('largest-contentful-paint'),
          tbt: med('total-blocking-time'),
          cls: med('cumulative-layout-shift'),
          si: med('speed-index'),
        },
        failedAudits: last ? failedAudits(last) : [],
      });
    }
    return results;
  } finally {
    if (profile) rmSync(profile, { recursive: true, force: true });
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
