import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { findOrderById } from '#src/modules/ledger/index';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { testReceiptSettings } from '../../../test/checkout-helpers';
import { createTestDb, describeWithDb, type TestDb } from '../../../test/test-db';
import { insertPendingOrderBelowDeclineLimit } from './order-repo';
import { startReconciler } from './start-reconciler';

describeWithDb('startReconciler', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb?.close());

  it('runs at once and then on its interval, and stop() waits for the run in progress', async () => {
    const sandbox = createSandboxGateway({ db: testDb.db, secret: 'x'.repeat(32) });
    let asked = 0;
    const gateway: PaymentGateway = {
      ...sandbox,
      async findSaleByOrderId(orderId) {
        asked += 1;
        return sandbox.findSaleByOrderId(orderId);
      },
    };
    const order = await insertPendingOrderBelowDeclineLimit(testDb.db, {
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      requestHash: 'h',
      amountCents: 100,
      centerId: 1,
      centerName: 'C',
      firstName: 'A',
      lastName: 'B',
      email: 'a@example.org',
      mobile: '5125550100',
      products: [],
      itemCount: 0,
      gateway: 'sandbox',
      clientIp: '10.0.0.1',
    });
    const stop = startReconciler({
      db: testDb.db,
      gateway,
      receipts: async () => testReceiptSettings('UTC'),
      logger: createLogger('silent'),
      olderThanMs: 0,
      intervalMs: 20,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await stop();
    expect(asked).toBe(1);
    expect((await findOrderById(testDb.db, order?.id ?? ''))?.status).toBe('failed');
    const after = asked;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked).toBe(after);
  });
});
