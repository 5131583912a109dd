/**
 * The billing run's mail through the real mail path: the run queues, the mail worker renders and
 * sends over SMTP (a local SMTP server). A month's receipt names the month it pays for; a declined
 * charge's notice says when it is tried again and links to the dashboard on the store's origin.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { createLogger } from '#src/logger';
import type { MailWorker } from '#src/modules/mail/worker';
import { createSandboxGateway, type SandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { loadSite } from '#src/site/load-site';
import { testReceiptSettings } from '../../../test/checkout-helpers';
import { type FakeSmtpServer, startFakeSmtpServer } from '../../../test/fake-smtp-server';
import { seedMonthlyGift, updateGift } from '../../../test/monthly-gift-fixtures';
import { decodedMail, messagesTo, startSmtpMailWorker } from '../../../test/smtp-mail-path';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import { DECLINED_SUBJECT } from './billing-mail';
import { runBilling } from './run-billing';

const site = loadSite(loadConfig({}).siteConfigPath);
const logger = createLogger('silent');

describeWithDb('billing mail over SMTP', () => {
  let testDb: TestDb;
  let smtp: FakeSmtpServer;
  let worker: MailWorker;
  let sandbox: SandboxGateway;

  beforeAll(async () => {
    testDb = await createTestDb();
    smtp = await startFakeSmtpServer();
    sandbox = createSandboxGateway({ db: testDb.db, secret: 'x'.repeat(32) });
    worker = startSmtpMailWorker({
      db: testDb.db,
      site,
      smtp,
      logger,
      sessionSecret: 'x'.repeat(32),
      storeUrl: 'https://store.example.org',
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
    await testDb?.close();
  });

  const received = async (to: string, count: number) =>
    (await messagesTo(smtp, to, count, 30_000)).map((m) => decodedMail(m.data));

  const bill = (asOf: string) =>
    runBilling({
      db: testDb.db,
      gateway: sandbox,
      logger,
      receipts: testReceiptSettings('UTC'),
      asOf,
      dryRun: false,
      mail: worker,
    });

  it('sends one receipt per month charged, naming the month', async () => {
    const gift = await seedMonthlyGift(testDb.db, sandbox, {
      firstDay: '2026-12-15',
      email: 'monthly.smtp@example.org',
    });
    for (const asOf of ['2027-01-15', '2027-02-15', '2027-03-15']) await bill(asOf);
    const messages = await received(gift.email, 3);
    expect(messages).toHaveLength(3);
    for (const month of ['January 2027', 'February 2027', 'March 2027']) {
      expect(messages.filter((m) => m.includes(`(monthly gift, ${month})`))).toHaveLength(1);
    }
  });

  it('sends the declined notice with the next try and the dashboard link', async () => {
    const gift = await seedMonthlyGift(testDb.db, sandbox, {
      firstDay: '2027-05-20',
      email: 'declined.smtp@example.org',
    });
    await updateGift(testDb.db, gift.id, { amountCents: 200_100, deductibleCents: 200_100 });
    await bill('2027-06-20');
    const [notice] = await received(gift.email, 1);
    expect(notice).toMatch(new RegExp(`^Subject: ${DECLINED_SUBJECT}`, 'm'));
    expect(notice).toContain('We will try again on Monday, June 21, 2027.');
    expect(notice).toContain('https://store.example.org/dashboard');
    expect(notice).not.toContain(gift.paymentMethodToken);
  });
});
