/**
 * The decline notices through operations.md's PGlite procedure: with the server stopped, the billing
 * command runs three times, as of three days, and the card is declined each time ($2,001: the
 * sandbox's decline rule); only then does a mail worker start and send the three notices over SMTP.
 * Each must name the retry that decline scheduled, not the gift's next charge when the mail is sent
 * (by then the last one's). The command runs in-process (the same function and exit-code rules as
 * `npm run billing`; billing.test.ts runs it as a child process), on the same data directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { createLogger } from '#src/logger';
import { mailRenderers } from '#src/mail-renderers';
import { createMailTransport } from '#src/modules/mail/transport';
import { startMailWorker } from '#src/modules/mail/worker';
import { DECLINED_SUBJECT } from '#src/modules/monthly-giving/billing-mail';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { loadSite } from '#src/site/load-site';
import { TEST_TICKET_SIGNING_SEED } from '../../test/build-test-app';
import { startFakeSmtpServer } from '../../test/fake-smtp-server';
import { seedMonthlyGift } from '../../test/monthly-gift-fixtures';
import { runInProcess } from '../../test/run-cli';
import { createTestDb, describeWithDb, openPgliteDataDir, type TestDb, usingPostgres } from '../../test/test-db';
import { runBillingCommand } from './billing-command';

const site = loadSite(loadConfig({}).siteConfigPath);

/** The message's text, its quoted-printable soft line breaks and escapes undone. */
function decoded(data: string): string {
  return data
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

describeWithDb('decline notices queued by three billing runs before the mail worker starts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'billing-notices-'));
  let testDb: TestDb | undefined;
  let env: Record<string, string>;
  const email = `declines-${Date.now()}@example.org`;

  /** The command's database, opened here only while no command runs (PGlite: one process at a time). */
  async function open(): Promise<{ db: Database; close: () => Promise<void> }> {
    if (testDb) return { db: testDb.db, close: async () => {} };
    const connection = await openPgliteDataDir(join(dataDir, 'pglite'));
    return { db: connection.db, close: () => connection.close() };
  }

  beforeAll(async () => {
    if (usingPostgres) testDb = await createTestDb();
    env = { DATA_DIR: dataDir, ...(testDb?.url ? { DATABASE_URL: testDb.url } : {}) };
    const { db, close } = await open();
    try {
      const gateway = createSandboxGateway({ db, secret: 'x'.repeat(32) });
      await seedMonthlyGift(db, gateway, { firstDay: '2026-12-15', amountCents: 200_100, email });
    } finally {
      await close();
    }
  });

  afterAll(async () => {
    await testDb?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names in each notice the retry its own decline scheduled', async () => {
    // Declined on the billing day, then on each retry's day: retries 1, then 3, then 7 days later.
    for (const asOf of ['2027-01-15', '2027-01-16', '2027-01-19']) {
      const run = await runInProcess(
        (a, out) => runBillingCommand(a, out, loadConfig(env)),
        ['--as-of', asOf, '--json'],
      );
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ asOf, declined: 1, retriesScheduled: 1, paused: 0 });
    }

    // "Start the server again": its mail worker sends what the three runs queued.
    const smtp = await startFakeSmtpServer();
    const { db, close } = await open();
    const worker = startMailWorker({
      db,
      transport: createMailTransport({ smtpUrl: smtp.url, outboxDir: '', from: 'Store <receipts@example.org>' }),
      renderers: mailRenderers({
        db,
        site,
        secrets: { session: 'x'.repeat(32), ticketSigning: TEST_TICKET_SIGNING_SEED },
        signature: null,
      }),
      logger: createLogger('silent'),
      intervalMs: 3_600_000,
    });
    try {
      worker.kick();
      const deadline = Date.now() + 30_000;
      const mine = () => smtp.messages.filter((m) => m.to.includes(email));
      while (mine().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const notices = mine().map((m) => decoded(m.data));
      expect(notices).toHaveLength(3);
      for (const notice of notices) expect(notice).toMatch(new RegExp(`^Subject: ${DECLINED_SUBJECT}`, 'm'));
      const promised = notices.map((n) => /We will try again on ([^.]+)\./.exec(n)?.[1]).sort();
      expect(promised).toEqual([
        'Saturday, January 16, 2027',
        'Tuesday, January 19, 2027',
        'Tuesday, January 26, 2027',
      ]);
    } finally {
      await worker.stop();
      await smtp.close();
      await close();
    }
    // Three billing runs, each opening PGlite: seconds each on a loaded 2-core machine.
  }, 120_000);
});
