/**
 * Start-up time: from spawning the built server (`npm run serve`'s command, node
 * apps/server/dist/main.js) on an EXISTING PGlite data directory to the first 200 from /healthz.
 * Runs it several times and reports the median. Also the same under tsx (the sources), to show
 * what the bundle saves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_SERVER, startChildServer, WEB_DIST } from './support/server';
import { median } from './support/stats';

export type StartVariant = 'built' | 'tsx';

const ARGS: Record<StartVariant, string[]> = {
  built: [BUILT_SERVER],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
};

async function startOnce(variant: StartVariant, dataDir: string): Promise<number> {
  const started = performance.now();
  const server = await startChildServer({
    args: ARGS[variant],
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DEPLOYMENT: 'development', WEB_DIST },
    readyPath: '/healthz',
    pollMs: 5,
  });
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

export type StartTimes = { firstMs: number; medianMs: number; runsMs: number[] };

export async function measureStartTime(runs = 5, variant: StartVariant = 'built'): Promise<StartTimes> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-start-'));
  try {
    const firstMs = await startOnce(variant, dataDir); // creates and migrates the database
    const runsMs: number[] = [];
    for (let i = 0; i < runs; i++) runsMs.push(await startOnce(variant, dataDir));
    return { firstMs, medianMs: median(runsMs), runsMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
