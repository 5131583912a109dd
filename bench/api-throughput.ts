/**
 * API throughput (issue 8): GET /api/public/catalogue on the built server against a bare Fastify
 * hello-world route (bench/hello-world.ts), measured in the same run, alternating, so both see the
 * same machine. autocannon runs in a second process on loopback. The ratio is the catalogue's median
 * requests per second over hello-world's. On PGlite (a DATA_DIR, as `npm start` runs) or on a
 * throwaway PostgreSQL; with `beforeMain` set, another build of the server (e.g. main's) runs on the
 * same database and is measured in the same rounds, for an A/B in one run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startThrowawayPostgres } from '../test/start-postgres';
import { cpuSeconds } from './support/cpu';
import { describeLoad, runLoad } from './support/load';
import type { LoadSummary } from './support/load-spec';
import { type BenchServer, startBenchServer, startChildServer } from './support/server';
import { median } from './support/stats';

export type ApiBenchOptions = {
  runs: number;
  seconds: number;
  connections: number;
  /** The store server's LOG_LEVEL (production's default is info: two lines per request). */
  logLevel: string;
  database: 'pglite' | 'postgres';
  /** Another build's main.js, measured beside this one (BENCH_API_BEFORE_DIST). */
  beforeMain?: string | undefined;
  log: (line: string) => void;
};

type Measured = LoadSummary & { cpuMsPerRequest: number };

type Target = 'hello' | 'catalogue' | 'before';

export type ApiBenchResult = {
  database: 'pglite' | 'postgres';
  runs: Partial<Record<Target, Measured[]>>;
  medianHello: number;
  medianCatalogue: number;
  ratio: number;
  /** Set when `beforeMain` was: the other build's median and ratio from the same rounds. */
  medianBefore?: number;
  ratioBefore?: number;
};

async function measure(server: BenchServer, path: string, seconds: number, connections: number): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const summary = await runLoad({
    url: server.baseUrl,
    connections,
    durationSeconds: seconds,
    request: { kind: 'get', path },
  });
  const cpuMsPerRequest = ((cpuSeconds(server.pid) - before) * 1000) / Math.max(1, summary.requests);
  return { ...summary, cpuMsPerRequest };
}

/** Undefined when PostgreSQL is wanted but not installed (the caller says so loudly). */
export async function benchApiThroughput(options: ApiBenchOptions): Promise<ApiBenchResult | undefined> {
  const { log, database, beforeMain } = options;
  const postgres = database === 'postgres' ? await startThrowawayPostgres() : undefined;
  if (database === 'postgres' && !postgres) return undefined;
  const dirs: string[] = [];
  const servers: BenchServer[] = [];
  const start = async (main?: string) => {
    // PGlite is one process a directory: each build gets its own.
    const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-api-'));
    dirs.push(dataDir);
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: options.logLevel,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };
    const server = await startBenchServer({ env, ...(main ? { main } : {}) });
    servers.push(server);
    return server;
  };
  try {
    const hello = await startChildServer({
      args: ['--import', 'tsx', 'bench/hello-world.ts'],
      env: {},
      readyPath: '/',
    });
    servers.push(hello);
    const targets: { name: Target; server: BenchServer; path: string }[] = [
      { name: 'hello', server: hello, path: '/' },
      { name: 'catalogue', server: await start(), path: '/api/public/catalogue' },
    ];
    if (beforeMain) targets.push({ name: 'before', server: await start(beforeMain), path: '/api/public/catalogue' });
    // Warm-up: JIT, connection set-up, caches; not counted.
    for (const t of targets) await measure(t.server, t.path, 3, options.connections);
    const runs: Partial<Record<Target, Measured[]>> = {};
    for (let i = 0; i < options.runs; i++) {
      for (const t of targets) {
        const m = await measure(t.server, t.path, options.seconds, options.connections);
        runs[t.name] = [...(runs[t.name] ?? []), m];
        log(
          `  ${database} run ${i + 1} ${t.name.padEnd(9)} ${describeLoad(m)}; server CPU ${m.cpuMsPerRequest.toFixed(3)} ms/req`,
        );
      }
    }
    const medianOf = (name: Target) => median((runs[name] ?? []).map((r) => r.requestsPerSecond));
    const medianHello = medianOf('hello');
    const medianCatalogue = medianOf('catalogue');
    const result: ApiBenchResult = {
      database,
      runs,
      medianHello,
      medianCatalogue,
      ratio: medianCatalogue / medianHello,
    };
    if (beforeMain) {
      result.medianBefore = medianOf('before');
      result.ratioBefore = result.medianBefore / medianHello;
    }
    return result;
  } finally {
    for (const server of servers.reverse()) await server.stop();
    postgres?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
