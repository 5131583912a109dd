/**
 * The reconciler settles orders a crash left pending by asking the gateway. The crash between the
 * charge and its record is simulated with a sandbox gateway that charges its ledger and then throws
 * as a dropped connection would.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#src/db/client';
import { createLogger } from '#src/logger';
import { findOrderById, settleOrder } from '#src/modules/ledger/index';
import { mailOutbox } from '#src/modules/mail/tables';
import { GatewayUnavailableError, type PaymentGateway } from '#src/modules/payments/gateway';
import { createSandboxGateway, type SandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { sandboxTransactions } from '#src/modules/payments/gateways/sandbox-tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout, sandboxNonce, testReceiptSettings } from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';
import { insertPendingOrderBelowDeclineLimit } from './order-repo';
import { NOT_CHARGED_MESSAGE, reconcilePendingOrders } from './reconcile';

const logger = createLogger('silent');

/** Charges, then loses the answer: the outcome is unknown to the checkout, known to the ledger. */
function crashingAfterCharge(sandbox: SandboxGateway): SandboxGateway {
  return {
    ...sandbox,
    async sale(input) {
      await sandbox.sale(input);
      throw new GatewayUnavailableError('connection reset after the charge');
    },
  };
}

let donors = 0;

async function insertPending(db: Database, amountCents = 1500) {
  const id = randomUUID();
  donors += 1;
  // Each its own donor: pending orders hold places under the card-testing limit (decline-limit.ts).
  const order = await insertPendingOrderBelowDeclineLimit(db, {
    id,
    idempotencyKey: randomUUID(),
    requestHash: 'test',
    amountCents,
    centerId: 1,
    centerName: 'Bay Area Center, California',
    firstName: 'Ravi',
    lastName: 'K',
    studentName: null,
    email: `ravi-${id.slice(0, 8)}@example.org`,
    mobile: '5125550100',
    delivery: null,
    products: [{ id: 8, name: 'Any Other Donation', unitCents: amountCents, quantity: 1, custom: true }],
    itemCount: 1,
    gateway: 'sandbox',
    clientIp: `10.7.${donors}.1`,
  });
  if (!order) throw new Error('not inserted');
  return order;
}

describeWithDb('reconcilePendingOrders', () => {
  let t: TestApp;
  let sandbox: SandboxGateway;
  beforeAll(async () => {
    t = await buildTestApp({
      paymentGateway: ({ db, secrets }) => {
        sandbox = createSandboxGateway({ db, secret: secrets.session });
        return crashingAfterCharge(sandbox);
      },
    });
  });
  afterAll(() => t?.close());

  let kicks = 0;
  const mail = {
    kick: () => {
      kicks += 1;
    },
  };
  const reconcile = (gateway: PaymentGateway = sandbox, olderThanMs = 0) =>
    reconcilePendingOrders({
      db: t.testDb.db,
      gateway,
      logger,
      olderThanMs,
      mail,
      receipts: testReceiptSettings('UTC'),
    });

  it('settles a charge whose record was lost as succeeded, with the ledger’s transaction id', async () => {
    const key = randomUUID();
    const body = checkoutBody(await sandboxNonce(t.app));
    const res = await postCheckout(t.app, { body, key, remoteAddress: '10.7.1.1' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'payment_unconfirmed',
      message: expect.stringMatching(/could not confirm your payment.*do not pay again.*settled automatically/i),
    });
    const [pending] = await t.testDb.db
      .select()
      .from(sandboxTransactions)
      .where(sql`true`)
      .orderBy(sql`created_at desc`)
      .limit(1);
    const orderId = pending?.orderId ?? '';
    expect(await findOrderById(t.testDb.db, orderId)).toMatchObject({ status: 'pending', answer: null });
    // The same attempt again is told to wait, and charges nothing.
    const retry = await postCheckout(t.app, { body, key, remoteAddress: '10.7.1.1' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('payment_in_progress');

    // Not yet old enough for the default age.
    expect(
      await reconcilePendingOrders({
        db: t.testDb.db,
        gateway: sandbox,
        logger,
        receipts: testReceiptSettings('UTC'),
      }),
    ).toEqual({
      succeeded: 0,
      failed: 0,
      stillPending: 0,
    });
    expect(await reconcile()).toMatchObject({ succeeded: 1 });
    const settled = await findOrderById(t.testDb.db, orderId);
    expect(settled).toMatchObject({
      status: 'succeeded',
      reconciled: true,
      transactionId: pending?.id,
      processorCode: '1000',
      amountCents: pending?.amountCents,
      answer: { success: true, transactionId: pending?.id, orderId },
    });
    expect(await t.testDb.db.$count(mailOutbox, eq(mailOutbox.subjectId, orderId))).toBe(1);
    expect(kicks).toBe(1);

    // Now the retry gets the settled answer.
    const replay = await postCheckout(t.app, { body, key, remoteAddress: '10.7.1.1' });
    expect(replay.statusCode).toBe(200);
    // With the receipt's details, read from the order the reconciler settled.
    expect(replay.json()).toMatchObject({
      success: true,
      transactionId: pending?.id,
      orderId,
      receiptNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
      amount: (pending?.amountCents ?? 0) / 100,
      email: settled?.email,
    });
  });

  it('fails a pending order the gateway never saw: not charged', async () => {
    const order = await insertPending(t.testDb.db);
    await reconcile();
    expect(await findOrderById(t.testDb.db, order.id)).toMatchObject({
      status: 'failed',
      reconciled: true,
      transactionId: null,
      failureMessage: NOT_CHARGED_MESSAGE,
      answer: { success: false, message: NOT_CHARGED_MESSAGE, orderId: order.id },
    });
  });

  it('fails a pending order whose sale the gateway declined', async () => {
    const order = await insertPending(t.testDb.db);
    await sandbox.sale({
      orderId: order.id,
      amountCents: order.amountCents,
      nonce: 'fake-processor-declined-visa-nonce',
      customer: { firstName: 'R', lastName: 'K', email: 'ravi@example.org' },
    });
    await reconcile();
    expect(await findOrderById(t.testDb.db, order.id)).toMatchObject({
      status: 'failed',
      processorCode: '2000',
      transactionId: expect.any(String),
    });
  });

  it('leaves an order pending while the gateway cannot be reached, and asks again later', async () => {
    const order = await insertPending(t.testDb.db);
    const down: PaymentGateway = {
      ...sandbox,
      async findSaleByOrderId() {
        throw new GatewayUnavailableError('down');
      },
    };
    expect(await reconcile(down)).toMatchObject({ stillPending: 1 });
    expect(await findOrderById(t.testDb.db, order.id)).toMatchObject({ status: 'pending', reconciled: false });
    // Just asked: not again until its claim runs out.
    expect(await reconcile()).toMatchObject({ failed: 0, stillPending: 0 });
    await t.testDb.db.execute(sql`update orders set updated_at = now() - interval '3 minutes' where id = ${order.id}`);
    await reconcile();
    expect((await findOrderById(t.testDb.db, order.id))?.status).toBe('failed');
  });

  it('asks the gateway once per order even when two reconcilers run at once', async () => {
    const created = await Promise.all(Array.from({ length: 6 }, () => insertPending(t.testDb.db)));
    const asked: string[] = [];
    const counting: PaymentGateway = {
      ...sandbox,
      async findSaleByOrderId(orderId) {
        asked.push(orderId);
        return sandbox.findSaleByOrderId(orderId);
      },
    };
    await Promise.all([reconcile(counting), reconcile(counting)]);
    expect(asked.sort()).toEqual(created.map((o) => o.id).sort());
  });

  describe('when the checkout’s answer arrives after the reconciler gave up on it', () => {
    it('records the success: the gateway’s charge is the stronger evidence', async () => {
      const order = await insertPending(t.testDb.db);
      await reconcile();
      expect((await findOrderById(t.testDb.db, order.id))?.failureMessage).toBe(NOT_CHARGED_MESSAGE);
      const settled = await settleOrder({
        db: t.testDb.db,
        logger,
        receipts: testReceiptSettings('UTC'),
        order,
        outcome: { status: 'succeeded', transactionId: 'late123', processor: { code: '1000', text: 'Approved' } },
      });
      expect(settled).toMatchObject({ status: 'succeeded', transactionId: 'late123', failureMessage: null });
    });
  });
});
