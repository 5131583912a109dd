/**
 * The donor covers the processing fee: the server charges the bucket plus ITS fee (the
 * entity's setting, 2.9% + 30¢ here), stores it as part of the gift and of its deductible amount,
 * refuses a total that is not exactly that like a wrong price, and the receipt e-mail and its PDF
 * show the fee as a line of its own.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECEIPT_KIND } from '#src/modules/ledger/index';
import { orders } from '#src/modules/ledger/tables';
import { sandboxTransactions } from '#src/modules/payments/gateways/sandbox-tables';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, checkoutBody, countRows, openAmount, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { outboxMessages } from '../../../test/outbox-helpers';
import { pdfText } from '../../../test/pdf-text';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('covering the processing fee at checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  let ips = 0;
  async function give(products: Parameters<typeof checkoutBody>[1], amount: number, coverFee?: boolean) {
    const body = checkoutBody(await sandboxNonce(t.app), products);
    ips += 1;
    return postCheckout(t.app, {
      body: {
        ...body,
        amount,
        customerDetails: { ...body.customerDetails, ...(coverFee === undefined ? {} : { coverFee }), amount },
      },
      key: randomUUID(),
      remoteAddress: `10.36.${ips}.1`,
    });
  }
  const orderRow = async (id: string) => (await t.testDb.db.select().from(orders).where(eq(orders.id, id)))[0];

  it('charges $103.30 for a $100 gift, stores the fee in the gift and its deductible, and the receipt shows the line', async () => {
    const res = await give([openAmount(7, 100)], 103.3, true);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ amount: 103.3, feeCovered: 3.3, deductible: 103.3 });
    const order = await orderRow(answer.orderId);
    expect(order).toMatchObject({ amountCents: 10_330, feeCoveredCents: 330, deductibleCents: 10_330 });
    const [sale] = await t.testDb.db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, answer.transactionId));
    expect(sale?.amountCents).toBe(10_330);

    const [receipt] = await outboxMessages(t.testDb.db, t.site, answer.orderId, RECEIPT_KIND);
    expect(receipt?.text).toMatch(/Processing fee covered[^\n]*\$3\.30/);
    const pdf = receipt?.attachments?.[0]?.content;
    if (!pdf) throw new Error('no PDF');
    const printed = await pdfText(pdf);
    expect(printed).toContain(
      'SGS Vagdevi Center Gift 1 $100.00 — $100.00 Processing fee covered Gift 1 $3.30 — $3.30',
    );
    expect(printed).toContain('Total $103.30');
  });

  it("a purchase's share of the fee is not deductible; the gift's share is", async () => {
    // Two books ($10, bought) and $25 given: the fee is $1.36, of which 25/35 ($0.97) is deductible.
    const res = await give([BOOK, openAmount(8, 25)], 36.36, true);
    expect(res.statusCode).toBe(200);
    const order = await orderRow(res.json().orderId);
    expect(order).toMatchObject({ amountCents: 3636, feeCoveredCents: 136, deductibleCents: 2597 });
    const [receipt] = await outboxMessages(t.testDb.db, t.site, order?.id ?? '', RECEIPT_KIND);
    const printed = await pdfText(receipt?.attachments?.[0]?.content ?? new Uint8Array());
    expect(printed).toContain('Any Other Donation Gift 1 $25.00 — $25.00 Processing fee covered Gift 1 $1.36 — $0.97');
  });

  it('refuses a total without the fee when coverFee is set, and the fee without coverFee; nothing is stored', async () => {
    const { nonces: _before, ...before } = await countRows(t.testDb.db);
    for (const [amount, coverFee] of [
      [100, true],
      [103.3, undefined],
      [103.3, false],
      // The fee at another rate (3.5% + 30¢ would be $3.94).
      [103.94, true],
    ] as const) {
      const res = await give([openAmount(7, 100)], amount, coverFee);
      expect(res.statusCode, `${amount} ${coverFee}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'amount_mismatch', fields: { amount: expect.any(String) } });
    }
    const { nonces: _after, ...after } = await countRows(t.testDb.db);
    expect(after).toEqual(before);
  });
});
