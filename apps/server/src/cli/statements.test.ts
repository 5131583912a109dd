/**
 * `npm run statements -- --year YYYY [--dry-run]` as the treasurer runs it, on the configured
 * database (PGlite in DATA_DIR, or DATABASE_URL), with its progress lines and summary; a second run
 * queues nothing; a bad argument is a usage error naming it, and changes nothing; this year is the
 * foundation's. A usage error and a run that queues go through a child process, as the treasurer
 * runs them (`runCli`); the other cases call the same command in-process (`runInProcess`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { runCli, runInProcess } from '../../test/run-cli';
import { seedOrders } from '../../test/seed-orders';
import { createTestDb, describeWithDb, openPgliteDataDir, type TestDb, usingPostgres } from '../../test/test-db';
import { runStatementsCommand } from './statements-command';

const SCRIPT = join(import.meta.dirname, 'statements.ts');

const runProcess = (args: string[], env: Record<string, string>) => runCli(SCRIPT, args, env);
const run = (args: string[], env: Record<string, string>) =>
  runInProcess((a, out) => runStatementsCommand(a, out, loadConfig(env)), args);

describeWithDb('npm run statements', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'statements-cli-'));
  let testDb: TestDb | undefined;
  let env: Record<string, string>;

  /** The database the command uses; on PGlite only while no command runs (single-process). */
  async function withDb<T>(use: (db: Database) => Promise<T>): Promise<T> {
    if (testDb) return use(testDb.db);
    const connection = await openPgliteDataDir(join(dataDir, 'pglite'));
    try {
      return await use(connection.db);
    } finally {
      await connection.close();
    }
  }

  const statementRows = () =>
    withDb(
      async (db) =>
        (await db.execute<{ n: number }>(sql`select count(*)::int as n from year_end_statements`)).rows[0]?.n,
    );

  beforeAll(async () => {
    if (usingPostgres) testDb = await createTestDb();
    env = { DATA_DIR: dataDir, ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) };
    await withDb((db) =>
      seedOrders(
        db,
        ['a@example.org', 'b@example.org', 'c@example.org', 'tester@example.org'].map((email, i) => ({
          email,
          test: email.startsWith('tester'),
          createdAt: new Date(`2025-0${i + 1}-15T15:00:00Z`),
        })),
      ),
    );
  });

  afterAll(async () => {
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a missing or bad --year with the usage, exit 2, and changes nothing', async () => {
    const missing = await run([], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--year is required.');
    const bad = await runProcess(['--year', '20x5'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--year: "20x5" is not a year between 2000 and');
    expect(bad.stderr).toContain('Usage:');
    expect(await statementRows()).toBe(0);
  });

  it("takes the foundation's year as this year, not the machine's: at 11:30 pm on December 31 in Chicago, next year has no statements yet", async () => {
    const attempt = (year: string, iso: string) =>
      runStatementsCommand(['--year', year], { log: () => undefined }, loadConfig({}), new Date(iso));
    // 2027 already in UTC, still 2026 at the foundation.
    await expect(attempt('2027', '2027-01-01T05:30:00Z')).rejects.toThrow(
      '"2027" is not a year between 2000 and 2026.',
    );
    await expect(attempt('2028', '2027-01-01T06:30:00Z')).rejects.toThrow(
      '"2028" is not a year between 2000 and 2027.',
    );
    expect(await statementRows()).toBe(0);
  });

  it('counts on a dry run, queues once per donor, and queues nothing the second time', async () => {
    const dry = await run(['--year', '2025', '--dry-run'], env);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('3 of 3 donors looked at');
    expect(dry.stdout).toContain(
      '1 test order is left out: test payments move no money. 1 donor made only test orders and gets no statement.',
    );
    expect(dry.stdout).toContain(
      'Dry run for 2025: 3 donors get a statement; 3 statements would be queued, 0 were queued by an earlier run. Nothing was changed.',
    );
    expect(await statementRows()).toBe(0);

    const first = await runProcess(['--year', '2025'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      'Statements for 2025: 3 donors get a statement; 3 statements queued now, 0 already queued',
    );
    const again = await run(['--year=2025'], env);
    expect(again.stdout).toContain(
      'Statements for 2025: 3 donors get a statement; 0 statements queued now, 3 already queued',
    );
    expect(await statementRows()).toBe(3);
    const mails = await withDb(
      async (db) =>
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from mail_outbox where kind = 'year-end-statement'`,
          )
        ).rows[0]?.n,
    );
    expect(mails).toBe(3);
  });

  it('refuses to send for a year that has not ended at the foundation, unless told --before-year-end', async () => {
    const year = new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'America/Chicago' }).format(new Date());
    const early = await run(['--year', year], env);
    expect(early.code).toBe(2);
    expect(early.stderr).toContain(
      `Nothing was queued. ${year} has not ended yet: it ends when December 31 ends, America/Chicago time.`,
    );
    expect(early.stderr).toContain('add --before-year-end to send now anyway');
    expect(await statementRows()).toBe(3);
    const anyway = await run(['--year', year, '--before-year-end'], env);
    expect(anyway.code, anyway.stderr).toBe(0);
    expect(anyway.stdout).toContain(`Statements for ${year}: 0 donors get a statement`);
  });
});
