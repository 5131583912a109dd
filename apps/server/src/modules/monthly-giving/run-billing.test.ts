/**
 * The billing run as the foundation and the donor see it: a gift charged once a month (one order,
 * one sandbox sale and one receipt per period), nothing more when run again or twice at once, a
 * declining card walked through its retries, e-mailed and paused, paused and cancelled gifts left
 * alone, a resumed one charged, a paid period never charged again, a dry run that writes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import type { Database } from '#src/db/client';
import { createLogger } from '#src/logger';
import { reconcilePendingOrders } from '#src/modules/checkout/reconcile';
import { RECEIPT_KIND } from '#src/modules/ledger/index';
import { GatewayUnavailableError, type PaymentGateway } from '#src/modules/payments/gateway';
import { createSandboxGateway, type SandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { listYearGifts } from '#src/modules/statements/year-gifts';
import { loadSite } from '#src/site/load-site';
import { testReceiptSettings } from '../../../test/checkout-helpers';
import { chargesOf, readGift, seedMonthlyGift, updateGift } from '../../../test/monthly-gift-fixtures';
import { outboxMessages } from '../../../test/outbox-helpers';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import { DECLINED_SUBJECT, PAUSED_SUBJECT } from './billing-mail';
import { CHARGE_DECLINED_KIND, GIFT_PAUSED_KIND } from './billing-mail-kinds';
import { type BillingSummary, runBilling } from './run-billing';

const logger = createLogger('silent');
const site = loadSite(loadConfig({}).siteConfigPath);
const receipts = testReceiptSettings('UTC');

describeWithDb('runBilling', () => {
  let testDb: TestDb;
  let db: Database;
  let sandbox: SandboxGateway;

  beforeAll(async () => {
    testDb = await createTestDb();
    db = testDb.db;
    sandbox = createSandboxGateway({ db, secret: 'x'.repeat(32) });
  });
  afterAll(() => testDb?.close());
  // Each test's gifts alone: an earlier test's gifts would otherwise be due on its later days too.
  beforeEach(async () => {
    await db.execute(
      sql`update monthly_gifts set status = 'cancelled', paused_reason = null, cancelled_at = now() where status <> 'cancelled'`,
    );
  });

  const bill = (asOf: string, extra: { dryRun?: boolean; gateway?: PaymentGateway } = {}) =>
    runBilling({ db, gateway: extra.gateway ?? sandbox, logger, receipts, asOf, dryRun: extra.dryRun ?? false });

  /** Only the gifts of this test: other tests' gifts may be due too on the same day. */
  const mine = (summary: BillingSummary, fields: Partial<BillingSummary>) =>
    expect(summary).toMatchObject({ ...fields });

  async function mailsOf(giftId: string, kind: string) {
    const charges = await chargesOf(db, giftId);
    const all = await Promise.all(charges.map((c) => outboxMessages(db, site, c.id, kind)));
    return all.flat();
  }

  it('charges three successive months once each, with a receipt per period, and nothing more when run again', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2026-12-15', amountCents: 5100 });
    for (const [asOf, period] of [
      ['2027-01-15', '2027-01'],
      ['2027-02-15', '2027-02'],
      ['2027-03-20', '2027-03'],
    ] as const) {
      const summary = await bill(asOf);
      mine(summary, { asOf, dryRun: false, charged: 1, chargedCents: 5100, declined: 0 });
      expect((await chargesOf(db, gift.id)).at(-1)).toMatchObject({ billing_period: period, status: 'succeeded' });
      expect(await bill(asOf)).toMatchObject({ charged: 0, due: 0 });
    }
    const charges = await chargesOf(db, gift.id);
    expect(charges.map((c) => [c.billing_period, c.status, c.amount_cents, c.ledger_cents])).toEqual([
      ['2027-01', 'succeeded', 5100, 5100],
      ['2027-02', 'succeeded', 5100, 5100],
      ['2027-03', 'succeeded', 5100, 5100],
    ]);
    const after = await readGift(db, gift.id);
    expect([after.billingPeriod, after.nextChargeOn, after.failedAttempts]).toEqual(['2027-04', '2027-04-15', 0]);
    const receiptMails = await mailsOf(gift.id, RECEIPT_KIND);
    expect(receiptMails).toHaveLength(3);
    expect(receiptMails.map((m) => m.toAddress)).toEqual([gift.email, gift.email, gift.email]);
    expect(receiptMails[0]?.text).toContain('Open donation (monthly gift, January 2027)');
    expect(receiptMails[2]?.text).toContain('Open donation (monthly gift, March 2027)');
  });

  it('catches up the months a run missed', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2026-11-03', amountCents: 1000 });
    const summary = await bill('2027-01-05');
    expect(summary.charged).toBeGreaterThanOrEqual(2);
    expect((await chargesOf(db, gift.id)).map((c) => c.billing_period)).toEqual(['2026-12', '2027-01']);
    expect((await readGift(db, gift.id)).nextChargeOn).toBe('2027-02-03');
  });

  it('charges each due gift exactly once when two runs go at once', async () => {
    const gifts = await Promise.all(
      Array.from({ length: 12 }, () => seedMonthlyGift(db, sandbox, { firstDay: '2027-04-09', amountCents: 2500 })),
    );
    const [a, b] = await Promise.all([bill('2027-05-09'), bill('2027-05-09')]);
    expect(a.charged + b.charged).toBeGreaterThanOrEqual(12);
    for (const gift of gifts) {
      const charges = await chargesOf(db, gift.id);
      expect(charges.map((c) => [c.billing_period, c.status, c.ledger_cents])).toEqual([
        ['2027-05', 'succeeded', 2500],
      ]);
      expect((await readGift(db, gift.id)).billingPeriod).toBe('2027-06');
    }
    // The sandbox ledger holds exactly the orders' sales, to the cent.
    const books = await db.execute<{ orders: number; ledger: number }>(sql`
      select (select coalesce(sum(amount_cents), 0)::int from orders where monthly_gift_id is not null and status = 'succeeded') as orders,
        (select coalesce(sum(t.amount_cents), 0)::int from sandbox_transactions t join orders o on o.id::text = t.order_id
          where o.monthly_gift_id is not null and t.status = 'submitted_for_settlement') as ledger`);
    expect(books.rows[0]?.orders).toBe(books.rows[0]?.ledger);
  });

  it('walks a declining card through the retries on day +1, +3 and +7, e-mails each, pauses it, then leaves it', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2027-06-10', amountCents: 5100 });
    await updateGift(db, gift.id, { amountCents: 200_100, deductibleCents: 200_100 });
    const steps = [
      ['2027-07-10', '2027-07-11'],
      ['2027-07-11', '2027-07-14'],
      ['2027-07-14', '2027-07-21'],
    ] as const;
    for (const [asOf, retryOn] of steps) {
      const summary = await bill(asOf);
      expect(summary).toMatchObject({ declined: 1, retriesScheduled: 1, paused: 0, charged: 0 });
      const now = await readGift(db, gift.id);
      expect([now.status, now.nextChargeOn]).toEqual(['active', retryOn]);
      expect(await bill(asOf)).toMatchObject({ declined: 0, due: 0 });
    }
    const declinedMails = await mailsOf(gift.id, CHARGE_DECLINED_KIND);
    expect(declinedMails).toHaveLength(3);
    expect(declinedMails[0]?.subject).toBe(DECLINED_SUBJECT);
    expect(declinedMails[0]?.text).toContain('We will try again on');
    expect(declinedMails[0]?.text).toMatch(/\/dashboard/);
    expect(declinedMails[0]?.text).toContain('Visa ending in 1111');

    expect(await bill('2027-07-21')).toMatchObject({ declined: 1, paused: 1, retriesScheduled: 0 });
    const paused = await readGift(db, gift.id);
    expect([paused.status, paused.pausedReason, paused.failedAttempts]).toEqual(['paused', 'card_declined', 4]);
    const pausedMails = await mailsOf(gift.id, GIFT_PAUSED_KIND);
    expect(pausedMails.map((m) => m.subject)).toEqual([PAUSED_SUBJECT]);
    expect(await bill('2027-09-30')).toMatchObject({ charged: 0, declined: 0 });
    const charges = await chargesOf(db, gift.id);
    expect(charges.map((c) => [c.charge_attempt, c.status, c.ledger_status])).toEqual([
      [1, 'failed', 'processor_declined'],
      [2, 'failed', 'processor_declined'],
      [3, 'failed', 'processor_declined'],
      [4, 'failed', 'processor_declined'],
    ]);
  });

  it('leaves paused and cancelled gifts alone, and charges a resumed one', async () => {
    const pausedGift = await seedMonthlyGift(db, sandbox, { firstDay: '2027-10-05' });
    const cancelledGift = await seedMonthlyGift(db, sandbox, { firstDay: '2027-10-05' });
    await updateGift(db, pausedGift.id, { status: 'paused', pausedReason: 'donor', pausedAt: new Date() });
    await updateGift(db, cancelledGift.id, { status: 'cancelled', cancelledAt: new Date() });
    await bill('2027-11-05');
    expect(await chargesOf(db, pausedGift.id)).toEqual([]);
    expect(await chargesOf(db, cancelledGift.id)).toEqual([]);
    // Resumed on 2027-11-20: its day (the 5th) has passed this month, so the next is December's.
    await updateGift(db, pausedGift.id, {
      status: 'active',
      pausedReason: null,
      pausedAt: null,
      billingPeriod: '2027-12',
      nextChargeOn: '2027-12-05',
      failedAttempts: 0,
    });
    await bill('2027-11-20');
    expect(await chargesOf(db, pausedGift.id)).toEqual([]);
    await bill('2027-12-05');
    expect((await chargesOf(db, pausedGift.id)).map((c) => [c.billing_period, c.status])).toEqual([
      ['2027-12', 'succeeded'],
    ]);
    expect(await chargesOf(db, cancelledGift.id)).toEqual([]);
  });

  it('never charges a period already paid: the gift is advanced without a charge', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2028-01-07' });
    await bill('2028-02-07');
    // As a crash after the settlement would leave it: the period paid, the gift not moved on.
    await updateGift(db, gift.id, { billingPeriod: '2028-02', nextChargeOn: '2028-02-07' });
    const summary = await bill('2028-02-08');
    expect(summary).toMatchObject({ alreadyPaid: 1, charged: 0 });
    expect((await chargesOf(db, gift.id)).map((c) => c.billing_period)).toEqual(['2028-02']);
    expect((await readGift(db, gift.id)).billingPeriod).toBe('2028-03');
  });

  it('leaves a charge whose outcome is unknown pending; the reconciler settles it and the next run applies it', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2028-04-11', amountCents: 4200 });
    const down: PaymentGateway = {
      ...sandbox,
      async sale(input) {
        // The charge reaches the ledger, but the answer is lost.
        await sandbox.sale(input);
        throw new GatewayUnavailableError('timeout');
      },
    };
    expect(await bill('2028-05-11', { gateway: down })).toMatchObject({ charged: 0, stillPending: 1 });
    expect((await chargesOf(db, gift.id)).map((c) => c.status)).toEqual(['pending']);
    expect(await bill('2028-05-11')).toMatchObject({ charged: 0, stillPending: 1 });
    await reconcilePendingOrders({ db, gateway: sandbox, logger, receipts, olderThanMs: 0 });
    expect(await bill('2028-05-11')).toMatchObject({ alreadyPaid: 1, charged: 0, stillPending: 0 });
    expect((await chargesOf(db, gift.id)).map((c) => [c.status, c.ledger_cents])).toEqual([['succeeded', 4200]]);
    expect((await readGift(db, gift.id)).billingPeriod).toBe('2028-06');
    expect(await mailsOf(gift.id, RECEIPT_KIND)).toHaveLength(1);
  });

  it('charges again, without a decline notice, a try the gateway never saw (reconciled "Not charged")', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2028-07-13', amountCents: 3300 });
    const unreachable: PaymentGateway = {
      ...sandbox,
      async sale() {
        throw new GatewayUnavailableError('connection reset');
      },
    };
    expect(await bill('2028-08-13', { gateway: unreachable })).toMatchObject({ stillPending: 1 });
    await reconcilePendingOrders({ db, gateway: sandbox, logger, receipts, olderThanMs: 0 });
    expect(await bill('2028-08-13')).toMatchObject({ charged: 1, declined: 0, retriesScheduled: 0 });
    expect((await chargesOf(db, gift.id)).map((c) => [c.charge_attempt, c.status, c.ledger_cents])).toEqual([
      [1, 'failed', null],
      [2, 'succeeded', 3300],
    ]);
    expect(await mailsOf(gift.id, CHARGE_DECLINED_KIND)).toEqual([]);
    expect((await readGift(db, gift.id)).billingPeriod).toBe('2028-09');
  });

  it('counts on a dry run and writes nothing', async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2029-01-12' });
    const counts = () =>
      db.execute<{ n: string }>(sql`select (select count(*) from orders)::text || '/' ||
        (select count(*) from sandbox_transactions)::text || '/' || (select count(*) from mail_outbox)::text || '/' ||
        (select string_agg(billing_period || next_charge_on::text, ',' order by id) from monthly_gifts) as n`);
    const before = (await counts()).rows[0]?.n;
    const summary = await bill('2029-02-12', { dryRun: true });
    expect(summary).toMatchObject({ dryRun: true, charged: 0, chargedCents: 0 });
    expect(summary.due).toBeGreaterThanOrEqual(1);
    expect((await counts()).rows[0]?.n).toBe(before);
    expect(await chargesOf(db, gift.id)).toEqual([]);
  });

  it("counts each paid month in the donor's year-end statement for the year it was charged", async () => {
    const gift = await seedMonthlyGift(db, sandbox, { firstDay: '2026-12-15', amountCents: 2500 });
    // A real (non-test) gift: statements leave out what a sandbox took.
    await updateGift(db, gift.id, { test: false });
    await bill('2027-01-15');
    await bill('2027-02-15');
    const paid = (await chargesOf(db, gift.id)).filter((c) => c.status === 'succeeded');
    expect(paid).toHaveLength(2);
    // Dated when they were made (the clock), whatever --as-of said.
    const year = new Date().getUTCFullYear();
    const statement = await listYearGifts(db, { email: gift.email }, year, 'UTC');
    const listed = statement.filter((g) => g.monthlyGiftId === gift.id);
    expect(listed.map((g) => g.id).sort()).toEqual(paid.map((c) => c.id).sort());
    expect(listed.every((g) => g.receiptNumber !== null && g.deductibleCents === 2500)).toBe(true);
  });
});
