/**
 * Starts a throw-away PostgreSQL server (initdb in a temp directory, a free loopback port, fsync off)
 * for tests and benchmarks. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
 * user (runuser). Answers undefined where initdb / pg_ctl are missing: the caller says so loudly.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

const BIN_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/15/bin', '/usr/bin'];

function findBin(name: string): string | undefined {
  return BIN_DIRS.map((d) => join(d, name)).find((p) => existsSync(p));
}

export type ThrowawayPostgres = {
  /** `postgres://app@127.0.0.1:<port>/postgres`; the user `app` is a superuser. */
  url: string;
  /** Stops the server at once and deletes its files. */
  stop: () => void;
};

export type StartPostgresOptions = {
  /** Extra `-c name=value` server settings, e.g. `{ shared_buffers: '256MB' }`. */
  settings?: Record<string, string>;
};

export async function startThrowawayPostgres(
  options: StartPostgresOptions = {},
): Promise<ThrowawayPostgres | undefined> {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'store-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' })
      : execFileSync(bin, args, { stdio: 'pipe' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const data = join(dir, 'data');
  const settings = { fsync: 'off', max_connections: '200', ...options.settings };
  const flags = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  try {
    run(initdb, ['-D', data, '-A', 'trust', '-U', 'app', '--no-sync']);
    run(pgCtl, [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 ${flags}`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
