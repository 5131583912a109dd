/**
 * main.ts refusing bad settings, as `npm run serve` runs it: a child process under tsx that exits 1
 * with a clear message before it opens any database. So this file runs once (project `server`), not
 * on each database: none is opened.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMain as start } from '../test/start-main';

const REPO_ROOT = join(import.meta.dirname, '../../..');

describe('main.ts refuses bad settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'main-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 naming the bad variable', async () => {
    const run = start({ PORT: 'http', DATA_DIR: dir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid environment: PORT must be a whole number');
  });

  it('exits 1 naming ROLE for a role that does not exist, given as the variable or the argument', async () => {
    const byVariable = start({ ROLE: 'api', DATA_DIR: dir });
    expect(await byVariable.exited).toBe(1);
    expect(byVariable.output()).toContain('Invalid environment: ROLE must be one of all, web, worker, migrate');
    const byArgument = start({ DATA_DIR: dir }, ['webserver']);
    expect(await byArgument.exited).toBe(1);
    expect(byArgument.output()).toContain('Invalid environment: ROLE must be one of all, web, worker, migrate');
  });

  it('exits 1 with the site file problem', async () => {
    const site = join(dir, 'site.json');
    writeFileSync(site, JSON.stringify({ foundation: { name: 'F', url: 'https://f.example' } }));
    const run = start({ SITE_CONFIG: site, DATA_DIR: dir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/site\.json is invalid: catalogue: .*centers: /);
  });

  it("exits 1 naming the CRA receipts' signature image when it cannot be read (issue 20)", async () => {
    const real = JSON.parse(readFileSync(join(REPO_ROOT, 'config/site.json'), 'utf8'));
    real.taxReceipts.canada.signatureImage = 'no-such-signature.png';
    const site = join(dir, 'site.json');
    writeFileSync(site, JSON.stringify(real));
    const run = start({ SITE_CONFIG: site, DATA_DIR: dir });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('taxReceipts.canada.signatureImage could not be read');
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  it('DEPLOYMENT=production without its settings exits 1, one line per problem, no stack trace', async () => {
    const run = start({ DEPLOYMENT: 'production', DATA_DIR: dir });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines[0]).toBe('DEPLOYMENT=production refuses to start:');
    expect(lines.slice(1).map((line) => line.split(/[:=\s]/)[0])).toEqual([
      'PAYMENT_GATEWAY',
      'SMTP_URL',
      'SESSION_SECRET',
      'TRUST_PROXY',
    ]);
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  it('NODE_ENV=production alone fails closed the same way, naming NODE_ENV', async () => {
    const run = start({ NODE_ENV: 'production', DATA_DIR: dir });
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines[0]).toBe('NODE_ENV=production refuses to start:');
    expect(lines.slice(1).map((line) => line.split(/[:=\s]/)[0])).toEqual([
      'PAYMENT_GATEWAY',
      'SMTP_URL',
      'SESSION_SECRET',
      'TRUST_PROXY',
    ]);
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  it("DEPLOYMENT=production refuses site.json's example tax identifiers once the environment is right", async () => {
    const staging = {
      DEPLOYMENT: 'production',
      DATA_DIR: dir,
      ALLOW_SANDBOX_PAYMENTS: '1',
      ALLOW_MAIL_FILES: '1',
      ALLOW_GENERATED_SESSION_SECRET: '1',
      ALLOW_PLAIN_HTTP: '1',
    };
    const run = start(staging);
    expect(await run.exited).toBe(1);
    const lines = run.output().trim().split('\n');
    expect(lines[0]).toBe('DEPLOYMENT=production refuses to start:');
    expect(lines.slice(1).map((line) => line.split(' ')[0])).toEqual(['site.json', 'site.json']);
    expect(run.output()).toContain('ALLOW_SAMPLE_TAX_IDENTIFIERS=1');
  });

  it('warns at start when the captcha is off', async () => {
    // A database nobody serves: the process warns first, then fails to start (quickly, no PGlite).
    const run = start({ CAPTCHA_PROVIDER: 'off', DATA_DIR: dir, DATABASE_URL: 'postgres://app@127.0.0.1:1/none' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/"level":40.*captcha is OFF: for tests only/);
  });
});
