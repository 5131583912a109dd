/**
 * Start-up time: from spawning the built server (`npm run serve`'s command) on an EXISTING data
 * directory to the first 200 from /healthz. Runs it several times and reports the median.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../e2e/support/start-server';
import { freePort } from '../test/free-port';

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not yet listening
      }
      if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function measureStartTime(runs = 5): Promise<{ firstMs: number; medianMs: number; runsMs: number[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-bench-start-'));
  try {
    const firstMs = await startOnce(dataDir); // creates and migrates the database
    const runsMs: number[] = [];
    for (let i = 0; i < runs; i++) runsMs.push(await startOnce(dataDir));
    const sorted = [...runsMs].sort((a, b) => a - b);
    return { firstMs, medianMs: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, runsMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
