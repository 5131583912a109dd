/**
 * `npm run billing -- --as-of YYYY-MM-DD [--dry-run] [--json]` as an operator runs it, on the
 * configured database (PGlite in DATA_DIR, or DATABASE_URL): its JSON summary, a second run that
 * charges nothing, and bad arguments refused with exit 2, naming the flag. The refusal and the run
 * that charges are child processes, as the operator runs them (`runCli`); the dry run and the second
 * run call the same command in-process (`runInProcess`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { chargesOf, seedMonthlyGift } from '../../test/monthly-gift-fixtures';
import { runCli, runInProcess } from '../../test/run-cli';
import { createTestDb, describeWithDb, openPgliteDataDir, type TestDb, usingPostgres } from '../../test/test-db';
import { parseBillingArgs, runBillingCommand } from './billing-command';

const SCRIPT = join(import.meta.dirname, 'billing.ts');

it('parses its flags and refuses bad ones naming them', () => {
  expect(parseBillingArgs(['--as-of', '2027-01-15', '--json'])).toEqual({
    asOf: '2027-01-15',
    dryRun: false,
    json: true,
  });
  expect(parseBillingArgs(['--dry-run'])).toEqual({ asOf: undefined, dryRun: true, json: false });
  expect(() => parseBillingArgs(['--as-of', '2027-02-30'])).toThrow(/--as-of: "2027-02-30" is not a day/);
  expect(() => parseBillingArgs(['--as-of'])).toThrow(/--as-of needs a value/);
  expect(() => parseBillingArgs(['--asof', '2027-01-01'])).toThrow(/Unknown option --asof/);
  expect(() => parseBillingArgs(['--json=yes'])).toThrow(/--json takes no value/);
  expect(() => parseBillingArgs(['2027-01-01'])).toThrow(/Unexpected argument "2027-01-01"/);
});

describeWithDb('npm run billing', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-cli-'));
  let testDb: TestDb | undefined;
  let env: Record<string, string>;
  let giftId = '';

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

  beforeAll(async () => {
    if (usingPostgres) testDb = await createTestDb();
    env = { DATA_DIR: dataDir, ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) };
    giftId = await withDb(async (db) => {
      const gateway = createSandboxGateway({ db, secret: 'x'.repeat(32) });
      return (await seedMonthlyGift(db, gateway, { firstDay: '2026-12-15', amountCents: 5100 })).id;
    });
  });

  const inProcess = (args: string[]) => runInProcess((a, out) => runBillingCommand(a, out, loadConfig(env)), args);

  afterAll(async () => {
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a bad --as-of with exit 2 naming it, and charges nothing', { timeout: 60_000 }, async () => {
    const bad = await runCli(SCRIPT, ['--as-of', 'tomorrow'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--as-of: "tomorrow" is not a day written YYYY-MM-DD.');
    expect(bad.stderr).toContain('Usage:');
    expect(await withDb((db) => chargesOf(db, giftId))).toEqual([]);
  });

  it('counts on a dry run, charges once, then charges nothing the second time', async () => {
    const dry = await inProcess(['--as-of', '2027-01-15', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toEqual({
      asOf: '2027-01-15',
      dryRun: true,
      due: 1,
      charged: 0,
      chargedCents: 0,
      declined: 0,
      retriesScheduled: 0,
      paused: 0,
      alreadyPaid: 0,
      stillPending: 0,
    });
    const first = await runCli(SCRIPT, ['--as-of', '2027-01-15', '--json'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      asOf: '2027-01-15',
      dryRun: false,
      due: 1,
      charged: 1,
      chargedCents: 5100,
      declined: 0,
      retriesScheduled: 0,
      paused: 0,
      alreadyPaid: 0,
      stillPending: 0,
    });
    const again = await inProcess(['--as-of', '2027-01-15']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('Billing as of 2027-01-15: 0 charges made ($0.00)');
    const charges = await withDb((db) => chargesOf(db, giftId));
    expect(charges.map((c) => [c.billing_period, c.status, c.ledger_cents])).toEqual([['2027-01', 'succeeded', 5100]]);
    // Each run opens PGlite (two in child processes): seconds each on a loaded 2-core machine.
  }, 120_000);
});
