/**
 * API throughput (issue 8): GET /api/public/catalogue on the built server against a bare Fastify
 * hello-world route (bench/hello-world.ts), measured in the same run, alternating, so both see the
 * same machine. autocannon runs in a second process on loopback. The target: the catalogue at 70%
 * or more of hello-world's requests per second (medians of the runs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  log: (line: string) => void;
};

type Measured = LoadSummary & { cpuMsPerRequest: number };

export type ApiBenchResult = {
  hello: Measured[];
  catalogue: Measured[];
  medianHello: number;
  medianCatalogue: number;
  ratio: number;
};

async function measure(server: BenchServer, path: string, options: ApiBenchOptions): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const summary = await runLoad({
    url: server.baseUrl,
    connections: options.connections,
    durationSeconds: options.seconds,
    request: { kind: 'get', path },
  });
  const cpuMsPerRequest = ((cpuSeconds(server.pid) - before) * 1000) / Math.max(1, summary.requests);
  return { ...summary, cpuMsPerRequest };
}

export async function benchApiThroughput(options: ApiBenchOptions): Promise<ApiBenchResult> {
  const { log } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-api-'));
  const hello = await startChildServer({ args: ['--import', 'tsx', 'bench/hello-world.ts'], env: {}, readyPath: '/' });
  try {
    const store = await startBenchServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: options.logLevel } });
    try {
      const targets = [
        { name: 'hello', server: hello, path: '/' },
        { name: 'catalogue', server: store, path: '/api/public/catalogue' },
      ] as const;
      // Warm-up: JIT, connection set-up, caches; not counted.
      for (const t of targets) await measure(t.server, t.path, { ...options, seconds: 3 });
      const results: Record<'hello' | 'catalogue', Measured[]> = { hello: [], catalogue: [] };
      for (let i = 0; i < options.runs; i++) {
        for (const t of targets) {
          const m = await measure(t.server, t.path, options);
          results[t.name].push(m);
          log(
            `  run ${i + 1} ${t.name.padEnd(9)} ${describeLoad(m)}; server CPU ${m.cpuMsPerRequest.toFixed(3)} ms/req`,
          );
        }
      }
      const medianHello = median(results.hello.map((r) => r.requestsPerSecond));
      const medianCatalogue = median(results.catalogue.map((r) => r.requestsPerSecond));
      return { ...results, medianHello, medianCatalogue, ratio: medianCatalogue / medianHello };
    } finally {
      await store.stop();
    }
  } finally {
    await hello.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
