/**
 * settleOrder through the checkout: a receipt that cannot be queued never fails the payment. The
 * outbox is made to refuse every insert with a trigger, on the real database: the donor is still
 * told the payment succeeded, the order says so, and no receipt row is left half-written.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderReceipt } from '#src/modules/checkout/receipt';
import { mailOutbox } from '#src/modules/mail/tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { describeWithDb } from '../../../test/test-db';
import { orders } from './tables';

describeWithDb('settleOrder when the receipt cannot be queued', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('records the payment as succeeded and answers 200, without a receipt', async () => {
    await t.testDb.db.execute(sql`
      create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox is refusing mail'; end $$`);
    await t.testDb.db.execute(
      sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
    );
    try {
      const body = checkoutBody(await sandboxNonce(t.app), undefined, 'no-receipt@example.org');
      const res = await postCheckout(t.app, { body, remoteAddress: '10.9.0.1' });
      expect(res.statusCode).toBe(200);
      const answer = res.json<{ success: boolean; orderId: string; transactionId: string }>();
      expect(answer.success).toBe(true);
      const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, answer.orderId));
      expect(order).toMatchObject({
        status: 'succeeded',
        transactionId: answer.transactionId,
        answer: { success: true, transactionId: answer.transactionId, orderId: answer.orderId },
      });
      expect(await t.testDb.db.$count(mailOutbox, eq(mailOutbox.subjectId, answer.orderId))).toBe(0);
    } finally {
      await t.testDb.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await t.testDb.db.execute(sql`drop function refuse_mail()`);
    }
  });

  it('queues the receipt in the same transaction when the outbox works', async () => {
    const body = checkoutBody(await sandboxNonce(t.app), undefined, 'receipt@example.org');
    const res = await postCheckout(t.app, { body, remoteAddress: '10.9.0.2' });
    expect(res.statusCode).toBe(200);
    const { orderId } = res.json<{ orderId: string }>();
    expect(await t.testDb.db.$count(mailOutbox, eq(mailOutbox.subjectId, orderId))).toBe(1);
  });

  it('queues the receipt by reference: its kind and the order id, written by the worker when sent', async () => {
    const body = checkoutBody(await sandboxNonce(t.app), undefined, 'reference@example.org');
    const res = await postCheckout(t.app, { body, remoteAddress: '10.9.0.3' });
    const { orderId } = res.json<{ orderId: string }>();
    const [row] = await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.subjectId, orderId));
    expect(row).toMatchObject({ kind: 'receipt', toAddress: null, subject: null, html: null, text: null });
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error('no order');
    const [sent] = await outboxMessages(t.testDb.db, t.site, orderId);
    const expected = renderReceipt({ order, site: t.site });
    expect(sent).toMatchObject({
      toAddress: expected.to,
      subject: expected.subject,
      html: expected.html,
      text: expected.text,
    });
  });
});
