/**
 * Starts the BUILT server (`npm run serve`'s command: node apps/server/dist/main.js) as a child
 * process on a free loopback port, waits for /healthz, and stops it with SIGTERM. Every benchmark
 * measures this, the thing operators run, never the TypeScript sources under tsx.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../../e2e/support/start-server';
import { freePort } from '../../test/free-port';

// BENCH_SERVER_DIST: another build of the server (e.g. an older commit's) to compare against.
export const BUILT_SERVER = join(repoRoot, process.env.BENCH_SERVER_DIST ?? 'apps/server/dist', 'main.js');

/** The web build the servers serve: WEB_DIST when set (a build of one's own), else apps/web/dist. */
export const WEB_DIST = resolve(process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist'));

export type BenchServer = {
  baseUrl: string;
  port: number;
  pid: number;
  /** What the server printed on stderr (and stdout when `captureStdout`). */
  output: () => string;
  stop: () => Promise<void>;
};

export type BenchServerOptions = {
  /** DATA_DIR, DATABASE_URL, CAPTCHA_PROVIDER, ...; PORT and HOST are chosen here. */
  env: Record<string, string>;
  /** Another build's main.js to run instead of BUILT_SERVER (e.g. an older commit's, measured beside this one). */
  main?: string;
  /** Node flags before the script, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
  /** Keep stdout (the JSON log) in `output()`; otherwise it is discarded, as a log shipper would take it. */
  captureStdout?: boolean;
  timeoutMs?: number;
};

export function assertBuilt(): void {
  if (!existsSync(BUILT_SERVER)) throw new Error(`${BUILT_SERVER} is missing: run \`npm run build\` first`);
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`${WEB_DIST}/index.html is missing: build the web app`);
}

async function waitReady(child: ChildProcess, url: string, timeoutMs: number, pollMs: number, output: () => string) {
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready within ${timeoutMs / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export type ChildServerOptions = {
  /** Arguments to `node` (flags, then the script). */
  args: string[];
  env: Record<string, string>;
  /** The path that answers 200 once the server is ready. */
  readyPath: string;
  captureStdout?: boolean;
  timeoutMs?: number;
  /** How often readiness is polled (start-up timing wants it fine). */
  pollMs?: number;
};

/** Any Node server as a child process on a free loopback port (PORT and HOST set here). */
export async function startChildServer(options: ChildServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(process.execPath, options.args, {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', ...options.env, PORT: String(port) },
    stdio: ['ignore', options.captureStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let text = '';
  const append = (chunk: Buffer) => {
    // Bounded: a long run at LOG_LEVEL=info must not grow the bench's memory without end.
    text = (text + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const baseUrl = `http://127.0.0.1:${port}`;
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn the server');
  await waitReady(
    child,
    `${baseUrl}${options.readyPath}`,
    options.timeoutMs ?? 60_000,
    options.pollMs ?? 20,
    () => text,
  );
  return {
    baseUrl,
    port,
    pid,
    output: () => text,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The built store server (`npm run serve`'s command). */
export function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  assertBuilt();
  return startChildServer({
    // BENCH_NODE_FLAGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof": profile the servers a part starts.
    args: [
      ...(options.nodeFlags ?? process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      options.main ?? BUILT_SERVER,
    ],
    env: { NODE_ENV: 'production', DEPLOYMENT: 'development', WEB_DIST, ...options.env },
    readyPath: '/healthz',
    captureStdout: options.captureStdout,
    timeoutMs: options.timeoutMs,
  });
}
