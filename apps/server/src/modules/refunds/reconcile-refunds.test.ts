/**
 * The refund reconciler settles refunds left pending when the gateway's answer was lost: simulated
 * with a sandbox that refunds in its ledger and then throws as a dropped connection would.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { GatewayUnavailableError, type PaymentGateway } from '#src/modules/payments/gateway';
import { createSandboxGateway } from '#src/modules/payments/gateways/sandbox';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { paidOrder, postRefund, refundBooks, settleSale } from '../../../test/refund-helpers';
import { type SignedInStaff, signInStaff } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';
import { NOT_REFUNDED_MESSAGE, reconcilePendingRefunds } from './reconcile-refunds';
import { refunds } from './tables';

const logger = createLogger('silent');
/** What the wrapped gateway does with a refund: pass it on, lose the answer after it, or never send it. */
let mode: 'normal' | 'lose-answer' | 'down' = 'normal';

describeWithDb('refunds left pending are settled by the refund reconciler', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;
  let sandbox: PaymentGateway;

  beforeAll(async () => {
    t = await buildTestApp({
      paymentGateway: (context) => {
        sandbox = createSandboxGateway({ db: context.db, secret: TEST_SESSION_SECRET });
        return {
          ...sandbox,
          async refund(input) {
            if (mode === 'down') throw new GatewayUnavailableError('connection refused');
            const outcome = await sandbox.refund(input);
            if (mode === 'lose-answer') throw new GatewayUnavailableError('connection reset after the refund');
            return outcome;
          },
        };
      },
    });
    treasurer = await signInStaff(t, 'treasurer');
  });
  afterAll(async () => t?.close());

  const reconcile = (gateway: PaymentGateway = sandbox) =>
    reconcilePendingRefunds({ db: t.testDb.db, gateway, logger, timeZone: 'America/Chicago', olderThanMs: 0 });

  it('answers 502 while the outcome is unknown, then settles the refund exactly once', async () => {
    const order = await paidOrder(t.app);
    await settleSale(t.testDb.db, order.transactionId);
    mode = 'lose-answer';
    const key = randomUUID();
    const res = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1200, reason: 'Lost answer' }, key);
    mode = 'normal';
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'payment_unconfirmed' });
    expect(res.json().error.message).toMatch(/settled automatically/);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      pending: 1,
      ledgerCents: 1200,
      refundedCents: 0,
    });
    // A repeat while pending never asks the gateway again.
    const repeat = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1200, reason: 'Lost answer' }, key);
    expect(repeat.statusCode).toBe(409);
    // Nor does another key over the whole amount: the pending refund holds its part back.
    const tooMuch = await postRefund(t.app, treasurer, order.orderId, { amountCents: 3500, reason: 'All' });
    expect(tooMuch.statusCode).toBe(400);

    // The gateway is down: it stays pending.
    const down: PaymentGateway = {
      ...sandbox,
      findRefund: () => Promise.reject(new GatewayUnavailableError('down')),
    };
    expect(await reconcile(down)).toEqual({ succeeded: 0, failed: 0, stillPending: 1 });
    await t.testDb.db.execute(sql`update refunds set updated_at = created_at where status = 'pending'`);
    expect(await reconcile()).toEqual({ succeeded: 1, failed: 0, stillPending: 0 });
    expect(await reconcile()).toEqual({ succeeded: 0, failed: 0, stillPending: 0 });
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 1,
      pending: 0,
      succeededCents: 1200,
      ledgerRows: 1,
      ledgerCents: 1200,
      refundedCents: 1200,
      corrections: 1,
      correctionMails: 1,
    });
    const [row] = await t.testDb.db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    expect(row).toMatchObject({ status: 'succeeded', reconciled: true, kind: 'refund' });
    // Now the same key gets the settled answer.
    const settled = await postRefund(
      t.app,
      treasurer,
      order.orderId,
      { amountCents: 1200, reason: 'Lost answer' },
      key,
    );
    expect(settled.statusCode).toBe(200);
    expect(settled.json().refund).toMatchObject({ status: 'succeeded', amountCents: 1200 });
  });

  it('fails a refund the gateway never saw; nothing moved and the amount is free again', async () => {
    const order = await paidOrder(t.app);
    mode = 'down';
    const res = await postRefund(t.app, treasurer, order.orderId, { amountCents: 3500, reason: 'Never sent' });
    mode = 'normal';
    expect(res.statusCode).toBe(502);
    expect(await reconcile()).toEqual({ succeeded: 0, failed: 1, stillPending: 0 });
    const [row] = await t.testDb.db.select().from(refunds).where(eq(refunds.orderId, order.orderId));
    expect(row).toMatchObject({ status: 'failed', failureMessage: NOT_REFUNDED_MESSAGE, reconciled: true });
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      ledgerRows: 0,
      refundedCents: 0,
      corrections: 0,
    });
    const again = await postRefund(t.app, treasurer, order.orderId, { amountCents: 3500, reason: 'Now for real' });
    expect(again.statusCode, again.body).toBe(200);
  });
});
