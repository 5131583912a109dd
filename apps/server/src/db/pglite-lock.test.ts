import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquirePgliteLock } from './pglite-lock';

describe('acquirePgliteLock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lock-test-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the lock with this pid and releases it', () => {
    const release = acquirePgliteLock(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'server.lock'))).toBe(false);
  });

  it('refuses while another live process holds it, saying what to do', () => {
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquirePgliteLock(dir)).toThrow(new RegExp(`in use by process ${process.ppid}.*DATABASE_URL`));
  });

  it('takes over a lock left by a process that is gone', () => {
    writeFileSync(join(dir, 'server.lock'), '999999999');
    const release = acquirePgliteLock(dir);
    expect(readFileSync(join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
