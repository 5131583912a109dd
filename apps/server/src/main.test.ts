/**
 * main.ts as `npm run serve` runs it: a child process under tsx. Slow-ish (a PGlite data directory
 * is created from scratch), so one start covers serving and stopping.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueResponseSchema } from '@store/shared/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementLogEnv } from '#src/db/statement-log';
import { createTestDb, describeWithDb, type TestDb, usingPostgres } from '../test/test-db';

const MAIN = join(import.meta.dirname, 'main.ts');
const REPO_ROOT = join(import.meta.dirname, '../../..');

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function start(env: Record<string, string>, args: string[] = []): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { PATH: process.env.PATH ?? '', ...statementLogEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function readyUrl(run: Run, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().match(/donation store ready at (http:\/\/[\d.:]+)/);
    if (match?.[1]) return match[1];
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${run.output()}`);
}

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

describeWithDb('main.ts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'main-data-'));
  let testDb: TestDb | undefined;
  beforeAll(async () => {
    if (usingPostgres) testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, serves the API, and stops cleanly on SIGTERM', async () => {
    const run = start({
      DATA_DIR: dataDir,
      PORT: '0',
      WEB_DIST: join(dataDir, 'no-web'),
      ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}),
    });
    try {
      const url = await readyUrl(run, 60_000);
      const res = await fetch(`${url}/api/public/catalogue`);
      expect(res.status).toBe(200);
      expect(catalogueResponseSchema.parse(await res.json()).items).toHaveLength(3);
      expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok' });
      // No administrator yet: one was made with a random password saved in DATA_DIR, never printed.
      const password = readFileSync(join(dataDir, 'initial-admin-password'), 'utf8').trim();
      expect(run.output()).not.toContain(password);
      // The start-up lines say, in words, where the site is, where that password is, and that cards are not charged.
      expect(run.output()).toContain(`Donation store is running at ${url}/`);
      expect(run.output()).toContain(`Back office      ${url}/admin    (administrator: user "admin", password in `);
      expect(run.output()).toContain(`Payment report   ${url}/report   (username and a report key from`);
      expect(run.output()).toContain(
        'Payments:  SANDBOX, no card is charged. Test cards: 4111 1111 1111 1111 approves,',
      );
      // That password opens the back office (at the two-factor enrolment), where the owner makes a
      // report key; alone, it reads no report.
      const whoami = await fetch(`${url}/api/admin/whoami`, {
        headers: { authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` },
      });
      expect(whoami.status).toBe(401);
      const staffLogin = await fetch(`${url}/api/staff/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(await staffLogin.json()).toMatchObject({ stage: 'enrol', staff: { username: 'admin' } });
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('shutting down');
      expect(run.output()).not.toMatch(/"level":(50|60)/);
      expect(run.output()).not.toContain('captcha is OFF');
      // The embedded database was closed, so the next start may open it.
      expect(existsSync(join(dataDir, 'pglite', 'server.lock'))).toBe(false);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 90_000);
});
