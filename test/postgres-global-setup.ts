/**
 * Vitest global set-up for the `*-postgres` projects: starts a throw-away PostgreSQL 15 server
 * in a temp directory on a free loopback port and hands its URL to the tests via `provide`.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (runuser).
 * Where initdb is missing the runs are skipped with a loud line, never silently.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

const BIN_DIRS = ['/usr/local/bin', '/usr/lib/postgresql/15/bin', '/usr/bin'];

function findBin(name: string): string | undefined {
  return BIN_DIRS.map((d) => join(d, name)).find((p) => existsSync(p));
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const existing = process.env.TEST_POSTGRES_URL;
  if (existing) {
    project.provide('postgresUrl', existing);
    return undefined;
  }
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) {
    console.warn('\n!!! PostgreSQL (initdb/pg_ctl) not found: the PostgreSQL test runs are SKIPPED !!!\n');
    project.provide('postgresUrl', '');
    return undefined;
  }
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
  run(initdb, ['-D', data, '-A', 'trust', '-U', 'app', '--no-sync']);
  run(pgCtl, [
    '-D',
    data,
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  project.provide('postgresUrl', `postgres://app@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      run(pgCtl, ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
