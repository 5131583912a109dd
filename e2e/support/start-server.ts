/**
 * Starts the real built site as `npm start` runs it (the bundled server, apps/server/dist/main.js,
 * serving apps/web/dist) as a child process on a free loopback port with its own temporary DATA_DIR
 * (embedded PGlite), and waits until /healthz is ok. The bundle, not the sources under tsx: a build
 * that cannot start (an import the bundler left out) fails here, not on a foundation's server.
 * The tests talk to it over HTTP only: PGlite takes one connection, so they never open its files.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { statementLogEnv } from '../../apps/server/src/db/statement-log';
import { freePort } from '../../test/free-port';

export const repoRoot = resolve(import.meta.dirname, '../..');

export type RunningServer = { baseUrl: string; dataDir: string; stop: () => Promise<void>; logs: () => string };

/**
 * The built web app the server serves: apps/web/dist, or WEB_DIST when set (so a developer can test
 * a build of their own while another build is being written to apps/web/dist).
 */
const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : join(repoRoot, 'apps/web/dist');

const serverMain = join(repoRoot, 'apps/server/dist/main.js');

export type StartServerOptions = {
  /**
   * Runs on the fresh DATA_DIR before the server starts, e.g. to seed its PGlite database
   * (`DATA_DIR/pglite`, already migrated unless `emptyDatabase`): PGlite takes one process, so data
   * can only be written while no server runs.
   */
  prepare?: (dataDir: string) => Promise<void>;
  /**
   * Leave `DATA_DIR/pglite` empty, so the server runs initdb and every migration at its start, as on
   * a new installation: the run's shared site does (e2e/global-setup.ts), proving the bundle migrates
   * a fresh directory. Otherwise the directory is a copy of the migrated one the tests cache
   * (`seedPgliteDataDir`): a spec's own server then starts in 1–3 s instead of 3.5–10 s here.
   */
  emptyDatabase?: boolean;
};

export async function startServer(
  env: Record<string, string> = {},
  { prepare, emptyDatabase = false }: StartServerOptions = {},
): Promise<RunningServer> {
  for (const built of [join(webDist, 'index.html'), serverMain]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` before the end-to-end tests`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  try {
    if (!emptyDatabase) {
      // Imported here: the global set-up, which keeps an empty directory, runs outside a test worker.
      const { seedPgliteDataDir } = await import('../../apps/server/test/test-db');
      await seedPgliteDataDir(join(dataDir, 'pglite'));
    }
    await prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child: ChildProcess = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      // Node's production mode with the sandbox and mail files: NODE_ENV=production alone would
      // fail closed as a live site does (production-checks.ts).
      DEPLOYMENT: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      ...statementLogEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Start-up (migrations, PGlite) took ~40 s on a loaded 2-core VM; /healthz is polled, so a long
  // limit costs nothing when the start is fast.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
