/**
 * The server as production runs it (`node apps/server/dist/main.js`, the bundle `npm run build`
 * makes), as a child process
 * the tests can SIGKILL, SIGTERM and start again on the same data (DATA_DIR for PGlite, or a
 * DATABASE_URL) and the same port. The tests reach it over HTTP only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { statementLogEnv } from '../../apps/server/src/db/statement-log';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
/** The built bundle: it starts in about half the time tsx takes (bench/BENCHMARKS.md, "Server start"). */
export const BUILT_MAIN = resolve(REPO_ROOT, 'apps/server/dist/main.js');

export type ServerProcessOptions = {
  port: number;
  dataDir: string;
  /** Set for PostgreSQL; unset runs PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** More environment (ADMIN_USERNAME, CAPTCHA_PROVIDER, SITE_CONFIG, WEB_DIST, ...). */
  env?: Record<string, string>;
  /** The entry point; defaults to the built apps/server/dist/main.js. A `.ts` file runs under tsx. */
  main?: string;
  /** How long to wait for /healthz to answer 200. A PGlite recovering from SIGKILL takes a while. */
  readyTimeoutMs?: number;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** Everything the process wrote to stdout and stderr so far (pino JSON lines). */
  output: () => string;
  /** What it wrote to stdout alone: the JSON log (stderr has the start-up lines for people). */
  stdout: () => string;
  exited: Promise<Exit>;
  isRunning: () => boolean;
  /** SIGKILL: no handler runs, nothing is flushed; what the database committed is all that is left. */
  kill: () => Promise<Exit>;
  /** SIGTERM and wait for the exit (SIGKILL after `graceMs` as a last resort, reported as such). */
  stop: (graceMs?: number) => Promise<Exit>;
};

function serverEnv(options: ServerProcessOptions): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'production',
    // Node's production mode with the sandbox and mail files: NODE_ENV=production alone would fail
    // closed as a live site does (production-checks.ts).
    DEPLOYMENT: 'development',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'info',
    ...statementLogEnv(),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...options.env,
  };
}

/** Spawns the server; does not wait for it (see startServerProcess). */
export function spawnServerProcess(options: ServerProcessOptions): ServerProcess {
  const main = options.main ?? BUILT_MAIN;
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` before the reliability suite`);
  const child: ChildProcess = spawn(process.execPath, main.endsWith('.js') ? [main] : ['--import', 'tsx', main], {
    cwd: REPO_ROOT,
    env: serverEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<Exit>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const pid = child.pid;
  if (pid === undefined) throw new Error('the server process did not start');
  return {
    baseUrl: `http://127.0.0.1:${options.port}`,
    pid,
    output: () => output,
    stdout: () => stdout,
    exited,
    isRunning,
    kill: async () => {
      if (isRunning()) child.kill('SIGKILL');
      return exited;
    },
    stop: async (graceMs = 20_000) => {
      if (!isRunning()) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Resolves once GET /healthz answers 200; throws with the server's output if it exits or times out. */
async function waitUntilHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!server.isRunning()) {
      const exit = await server.exited;
      throw new Error(`server exited while starting (${exit.code ?? exit.signal}):\n${server.output()}`);
    }
    try {
      const res = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.kill();
      throw new Error(`server not healthy within ${timeoutMs} ms:\n${server.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const server = spawnServerProcess(options);
  await waitUntilHealthy(server, options.readyTimeoutMs);
  return server;
}
