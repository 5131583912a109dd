/**
 * Refund or void (issue 21) through the API, as the back office calls it: the gateway first (the
 * sandbox mirrors it in sandbox_refunds), then the order, exactly once, with a corrected receipt.
 */
import { randomUUID } from 'node:crypto';
import { refundResultSchema } from '@store/shared/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { IDEMPOTENT_REPLAYED_HEADER } from '#src/lib/idempotent-request';
import { issueReceiptCorrection, orders, receiptCorrections } from '#src/modules/ledger/index';
import { auditLog } from '#src/modules/staff/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { outboxMessages } from '../../../test/outbox-helpers';
import { paidOrder, postRefund, refundBooks, settleSale } from '../../../test/refund-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

const WHY = { reason: 'Donor asked for it back' };

describeWithDb('refunds and voids of paid orders', () => {
  let t: TestApp;
  let treasurer: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp();
    treasurer = await signInStaff(t, 'treasurer');
  });
  afterAll(async () => t?.close());

  it('voids an unsettled sale whole: the gateway, the order and a void receipt mailed to the donor', async () => {
    const order = await paidOrder(t.app);
    const res = await postRefund(t.app, treasurer, order.orderId, { amountCents: 3500, ...WHY });
    expect(res.statusCode, res.body).toBe(200);
    const body = refundResultSchema.parse(res.json());
    expect(body.refund).toMatchObject({
      kind: 'void',
      status: 'succeeded',
      amountCents: 3500,
      staffName: treasurer.username,
    });
    expect(body.order).toMatchObject({ refundedCents: 3500, amountCents: 3500 });
    expect(body.order.correctedReceiptNumber).toMatch(/-V1$/);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 1,
      pending: 0,
      succeededCents: 3500,
      ledgerRows: 1,
      ledgerCents: 3500,
      refundedCents: 3500,
      corrections: 1,
      correctionMails: 1,
    });
    const [correction] = await t.testDb.db
      .select()
      .from(receiptCorrections)
      .where(eq(receiptCorrections.orderId, order.orderId));
    const mails = await outboxMessages(t.testDb.db, t.site, correction?.id ?? '');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'receipt-correction', toAddress: 'asha@example.org' });
    expect(mails[0]?.text).toContain(correction?.receiptNumber ?? 'no correction');
    const audit = await t.testDb.db.select().from(auditLog).where(eq(auditLog.targetId, order.orderId));
    expect(audit.map((line) => line.action).sort()).toEqual(['refund.create', 'refund.void']);
  });

  it('refuses a partial refund of an unsettled sale with 409 and writes nothing', async () => {
    const order = await paidOrder(t.app);
    const res = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1000, ...WHY });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/voided whole now, or refunded in part once it has settled/);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 0,
      ledgerRows: 0,
      refundedCents: 0,
    });
  });

  it('refunds a settled sale in part, then the rest; the second receipt is void', async () => {
    const order = await paidOrder(t.app);
    await settleSale(t.testDb.db, order.transactionId);
    const first = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1000, ...WHY });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().refund).toMatchObject({ kind: 'refund', status: 'succeeded' });
    expect(first.json().order.correctedReceiptNumber).toMatch(/-C1$/);
    const rest = await postRefund(t.app, treasurer, order.orderId, { amountCents: 2500, reason: 'The rest too' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order).toMatchObject({ refundedCents: 3500 });
    expect(rest.json().order.correctedReceiptNumber).toMatch(/-V2$/);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 2,
      succeededCents: 3500,
      ledgerRows: 2,
      ledgerCents: 3500,
      refundedCents: 3500,
      corrections: 2,
      correctionMails: 2,
    });
  });

  it('refuses an offline gift (voided elsewhere) and an unpaid order with 409', async () => {
    const offline = await paidOrder(t.app);
    await t.testDb.db.update(orders).set({ source: 'offline' }).where(eq(orders.id, offline.orderId));
    const gift = await postRefund(t.app, treasurer, offline.orderId, { amountCents: 3500, ...WHY });
    expect(gift.statusCode).toBe(409);
    expect(gift.json().error.message).toMatch(/offline gift/);
    const unpaid = await paidOrder(t.app);
    await t.testDb.db.update(orders).set({ status: 'failed' }).where(eq(orders.id, unpaid.orderId));
    expect((await postRefund(t.app, treasurer, unpaid.orderId, { amountCents: 3500, ...WHY })).statusCode).toBe(409);
    for (const order of [offline, unpaid]) {
      expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({ refunds: 0, ledgerRows: 0 });
    }
  });

  it('settles a refund of an order whose receipt was voided in error, without a second correction', async () => {
    const order = await paidOrder(t.app);
    await settleSale(t.testDb.db, order.transactionId);
    await issueReceiptCorrection(t.testDb.db, {
      orderId: order.orderId,
      refundedCents: 0,
      reason: 'Issued in error',
      idempotencyKey: randomUUID(),
      timeZone: 'America/Chicago',
      voidReceipt: true,
    });
    const res = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1000, ...WHY });
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      pending: 0,
      ledgerCents: 1000,
      refundedCents: 1000,
      corrections: 1,
    });
  });

  it('refuses more than is left with 400 naming amountCents, and changes nothing', async () => {
    const order = await paidOrder(t.app);
    await settleSale(t.testDb.db, order.transactionId);
    expect((await postRefund(t.app, treasurer, order.orderId, { amountCents: 3000, ...WHY })).statusCode).toBe(200);
    const res = await postRefund(t.app, treasurer, order.orderId, { amountCents: 501, ...WHY });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('amountCents');
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 1,
      ledgerCents: 3000,
      refundedCents: 3000,
    });
  });

  it('answers the same Idempotency-Key with the first answer, and another body with 409', async () => {
    const order = await paidOrder(t.app);
    await settleSale(t.testDb.db, order.transactionId);
    const key = randomUUID();
    const first = await postRefund(t.app, treasurer, order.orderId, { amountCents: 700, ...WHY }, key);
    const again = await postRefund(t.app, treasurer, order.orderId, { amountCents: 700, ...WHY }, key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    const other = await postRefund(t.app, treasurer, order.orderId, { amountCents: 800, ...WHY }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({ refunds: 1, ledgerRows: 1, corrections: 1 });
  });

  it('a double click (one key, at once) refunds once', async () => {
    const order = await paidOrder(t.app);
    const key = randomUUID();
    const answers = await Promise.all(
      [1, 2, 3].map(() => postRefund(t.app, treasurer, order.orderId, { amountCents: 3500, ...WHY }, key)),
    );
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 1,
      ledgerRows: 1,
      ledgerCents: 3500,
      refundedCents: 3500,
      corrections: 1,
    });
  });

  it('two keys at once over what is left: exactly one refund succeeds', async () => {
    const order = await paidOrder(t.app);
    await settleSale(t.testDb.db, order.transactionId);
    const answers = await Promise.all(
      [1, 2, 3].map(() => postRefund(t.app, treasurer, order.orderId, { amountCents: 2000, ...WHY })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const answer of answers) expect([200, 400]).toContain(answer.statusCode);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 1,
      ledgerCents: 2000,
      refundedCents: 2000,
      corrections: 1,
    });
  });

  it('refuses editors and volunteers (403), no session (401), another origin (403); nothing changes', async () => {
    const order = await paidOrder(t.app);
    const editor = await signInStaff(t, 'editor');
    const volunteer = await signInStaff(t, 'volunteer', { centerId: 2 });
    const body = { amountCents: 3500, ...WHY };
    expect((await postRefund(t.app, editor, order.orderId, body)).statusCode).toBe(403);
    expect((await postRefund(t.app, volunteer, order.orderId, body)).statusCode).toBe(403);
    expect((await postRefund(t.app, undefined, order.orderId, body)).statusCode).toBe(401);
    const foreign = await postRefund(t.app, treasurer, order.orderId, body, randomUUID(), {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({
      refunds: 0,
      ledgerRows: 0,
      refundedCents: 0,
    });
  });

  it('refuses bad input with 400 naming the field', async () => {
    const order = await paidOrder(t.app);
    const noKey = await postRefund(t.app, treasurer, order.orderId, { amountCents: 100, ...WHY }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().error.message).toMatch(/idempotency-key/i);
    const cents = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1.5, ...WHY });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().error.message).toMatch(/amountCents/);
    const reason = await postRefund(t.app, treasurer, order.orderId, { amountCents: 100, reason: ' ' });
    expect(reason.statusCode).toBe(400);
    expect(reason.json().error.message).toMatch(/reason/);
    const badId = await postRefund(t.app, treasurer, 'not-a-uuid', { amountCents: 100, ...WHY });
    expect(badId.statusCode).toBe(400);
    expect((await postRefund(t.app, treasurer, randomUUID(), { amountCents: 100, ...WHY })).statusCode).toBe(404);
  });

  it('lists orders newest first and shows one; a volunteer sees their own center only', async () => {
    const order = await paidOrder(t.app, 'listed-donor@example.org');
    const list = await staffCall(t.app, treasurer, 'GET', '/api/staff/orders?q=listed-donor');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders.map((o: { id: string }) => o.id)).toEqual([order.orderId]);
    const byTransaction = await staffCall(t.app, treasurer, 'GET', `/api/staff/orders?q=${order.transactionId}`);
    expect(byTransaction.json().orders).toHaveLength(1);
    const detail = await staffCall(t.app, treasurer, 'GET', `/api/staff/orders/${order.orderId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: order.orderId, source: 'card', refunds: [], centerId: 2 });
    const own = await signInStaff(t, 'volunteer', { centerId: 2 });
    const other = await signInStaff(t, 'volunteer', { centerId: 1 });
    expect((await staffCall(t.app, own, 'GET', `/api/staff/orders/${order.orderId}`)).statusCode).toBe(200);
    // Another center's order is said to be one, naming only that center: no donor, amount or date.
    const elsewhere = await staffCall(t.app, other, 'GET', `/api/staff/orders/${order.orderId}`);
    expect({ status: elsewhere.statusCode, body: elsewhere.json() }).toEqual({
      status: 403,
      body: {
        error: { code: 'other_center', message: 'This order belongs to another center (Dallas Center, Texas).' },
      },
    });
    expect((await staffCall(t.app, other, 'GET', `/api/staff/orders/${randomUUID()}`)).statusCode).toBe(404);
    const otherList = await staffCall(t.app, other, 'GET', '/api/staff/orders?q=listed-donor');
    expect(otherList.json().orders).toEqual([]);
    // A volunteer's whole list (no search), as their first look at the orders page shows it: their
    // center's orders only, each in its currency.
    const ownAll = await staffCall(t.app, own, 'GET', '/api/staff/orders');
    const ownOrders: { centerId: number; currency: string }[] = ownAll.json().orders;
    expect(ownOrders.length).toBeGreaterThan(0);
    expect(ownOrders.every((o) => o.centerId === 2 && o.currency === 'USD')).toBe(true);
    expect((await staffCall(t.app, treasurer, 'GET', '/api/staff/orders?cursor=nope!')).statusCode).toBe(400);
    expect((await staffCall(t.app, treasurer, 'GET', '/api/staff/orders?center=x')).statusCode).toBe(400);
  });
});

describeWithDb('SANDBOX_SETTLEMENT_SECONDS=0: a sandbox sale is settled at once', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('refunds in part right after the checkout, then the rest, never more than the sale', async () => {
    t = await buildTestApp({ env: { SANDBOX_SETTLEMENT_SECONDS: '0' } });
    const treasurer = await signInStaff(t, 'treasurer');
    const order = await paidOrder(t.app);
    const part = await postRefund(t.app, treasurer, order.orderId, { amountCents: 500, ...WHY });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().refund).toMatchObject({ kind: 'refund', status: 'succeeded' });
    const rest = await postRefund(t.app, treasurer, order.orderId, { amountCents: 3000, ...WHY });
    expect(rest.json().refund).toMatchObject({ kind: 'refund', status: 'succeeded' });
    const more = await postRefund(t.app, treasurer, order.orderId, { amountCents: 1, ...WHY });
    expect(more.statusCode).toBe(400);
    expect(await refundBooks(t.testDb.db, order.orderId)).toMatchObject({ ledgerCents: 3500, refundedCents: 3500 });
  });
});
