/**
 * main.ts as `npm run serve` runs it: a child process under tsx. Slow-ish (a PGlite data directory
 * is created from scratch), so one start covers serving and stopping. Its refusals of bad settings,
 * which open no database, are in main-settings.test.ts (run once).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueResponseSchema } from '@store/shared/site';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MainRun, startMain } from '../test/start-main';
import { createTestDb, describeWithDb, type TestDb, usingPostgres } from '../test/test-db';

async function readyUrl(run: MainRun, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = run.output().match(/donation store ready at (http:\/\/[\d.:]+)/);
    if (match?.[1]) return match[1];
    if (run.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${run.output()}`);
}

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
    const run = startMain({
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
