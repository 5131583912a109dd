/** Runs one load (load-worker.ts) in a second process and returns its summary. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../../e2e/support/start-server';
import type { LoadSpec, LoadSummary } from './load-spec';

const run = promisify(execFile);
const WORKER = join(repoRoot, 'bench/support/load-worker.ts');

export async function runLoad(spec: LoadSpec): Promise<LoadSummary> {
  // A file, not argv: a checkout run carries tens of thousands of nonces.
  const dir = mkdtempSync(join(tmpdir(), 'store-bench-load-'));
  try {
    const specPath = join(dir, 'spec.json');
    writeFileSync(specPath, JSON.stringify(spec));
    const { stdout } = await run(process.execPath, ['--import', 'tsx', WORKER, specPath], {
      cwd: repoRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = stdout.trim().split('\n').pop();
    if (!line) throw new Error('the load worker printed nothing');
    return JSON.parse(line) as LoadSummary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `12,345 req/s, p50 1.2 ms, p99 4.5 ms` */
export function describeLoad(summary: LoadSummary): string {
  const problems = summary.errors + summary.non2xx;
  return (
    `${Math.round(summary.requestsPerSecond).toLocaleString('en-US')} req/s, ` +
    `p50 ${summary.p50Ms} ms, p99 ${summary.p99Ms} ms` +
    (problems ? `, ${summary.errors} errors, non-2xx ${JSON.stringify(summary.statusCounts)}` : '')
  );
}
