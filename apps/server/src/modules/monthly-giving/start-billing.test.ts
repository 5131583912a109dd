/**
 * The worker's billing scheduler: runs at once as of today in the foundation's zone, then on its
 * interval, never two at a time; stop() waits for the run in progress.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { testReceiptSettings } from '../../../test/checkout-helpers';
import { chargesOf, readGift, seedMonthlyGift } from '../../../test/monthly-gift-fixtures';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import { startBilling } from './start-billing';

describeWithDb('startBilling', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());

  it('charges what is due today (the foundation’s day), once, however often it runs', async () => {
    const sandbox = createSandboxGateway({ db: testDb.db, secret: 'x'.repeat(32) });
    const gift = await seedMonthlyGift(testDb.db, sandbox, { firstDay: '2027-02-14' });
    let sales = 0;
    const stop = startBilling({
      db: testDb.db,
      gateway: {
        ...sandbox,
        async sale(input) {
          sales += 1;
          return sandbox.sale(input);
        },
      },
      logger: createLogger('silent'),
      settings: async () => ({ receipts: testReceiptSettings('UTC') }),
      // 2027-03-15 03:00 UTC is still the 14th in Chicago: the gift's day there.
      timeZone: 'America/Chicago',
      now: () => new Date('2027-03-15T03:00:00Z'),
      intervalMs: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await stop();
    expect(sales).toBe(1);
    expect((await chargesOf(testDb.db, gift.id)).map((c) => [c.billing_period, c.status])).toEqual([
      ['2027-03', 'succeeded'],
    ]);
    expect((await readGift(testDb.db, gift.id)).nextChargeOn).toBe('2027-04-14');
  });
});
