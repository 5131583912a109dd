/** The sandbox gateway on a real database: nonces, the ledger, Braintree's sandbox outcomes. */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../../../test/test-db';
import { GatewayUnavailableError, type SaleInput, WebhookSignatureError } from '../gateway';
import { createSandboxGateway, type SandboxGateway } from './sandbox';
import { sandboxNonces, sandboxTransactions } from './sandbox-tables';
import { signSandboxWebhook } from './sandbox-webhook';

const SECRET = 'sandbox-test-secret-0123456789abcdef';
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const card = (number: string) => ({ number, expirationDate: `12/${nextYear}`, cvv: '123', cardholderName: 'A B' });

describeWithDb('sandbox gateway', () => {
  let testDb: TestDb;
  let gateway: SandboxGateway;
  beforeAll(async () => {
    testDb = await createTestDb();
    gateway = createSandboxGateway({ db: testDb.db, secret: SECRET });
  });
  afterAll(() => testDb?.close());

  const sale = (nonce: string, overrides: Partial<SaleInput> = {}) =>
    gateway.sale({
      orderId: randomUUID(),
      amountCents: 1000,
      nonce,
      customer: { firstName: 'A', lastName: 'B', email: 'a@example.org' },
      ...overrides,
    });

  it('issues client tokens it alone accepts', async () => {
    const token = await gateway.createClientToken();
    expect(gateway.verifyClientToken(token)).toBe(true);
    expect(createSandboxGateway({ db: testDb.db, secret: `${SECRET}x` }).verifyClientToken(token)).toBe(false);
  });

  it('approves a tokenized 4111 card with 1000 Approved and writes one ledger row', async () => {
    const { nonce, details } = await gateway.tokenize(card('4111111111111111'));
    expect(details).toEqual({ cardType: 'Visa', lastFour: '1111' });
    const orderId = randomUUID();
    const outcome = await sale(nonce, { orderId, amountCents: 4550 });
    expect(outcome).toEqual({
      status: 'succeeded',
      transactionId: expect.stringMatching(/^[a-z0-9]{10}$/),
      processor: { code: '1000', text: 'Approved' },
      // Issue 20: the card as the receipt names it, from the nonce it was tokenized into.
      card: { brand: 'Visa', lastFour: '1111' },
    });
    const rows = await testDb.db.select().from(sandboxTransactions).where(eq(sandboxTransactions.orderId, orderId));
    expect(rows).toEqual([expect.objectContaining({ amountCents: 4550, status: 'submitted_for_settlement' })]);
    expect(await gateway.findSaleByOrderId(orderId)).toEqual({
      transactionId: outcome.transactionId,
      amountCents: 4550,
      succeeded: true,
      processor: { code: '1000', text: 'Approved' },
    });
  });

  it('declines 4000 1111 1111 1115 with 2000 Do Not Honor, keeping the declined sale in the ledger', async () => {
    const { nonce } = await gateway.tokenize(card('4000 1111 1111 1115'));
    const orderId = randomUUID();
    const outcome = await sale(nonce, { orderId });
    expect(outcome).toMatchObject({ status: 'failed', processor: { code: '2000', text: 'Do Not Honor' } });
    expect(await gateway.findSaleByOrderId(orderId)).toMatchObject({ succeeded: false });
  });

  it.each([
    [200_000, 'failed', '2000'],
    [200_100, 'failed', '2001'],
    [299_999, 'failed', '2999'],
    [199_999, 'succeeded', '1000'],
    [300_000, 'succeeded', '1000'],
  ])('a sale of %i cents is %s with %s', async (amountCents, status, code) => {
    const outcome = await sale('fake-valid-nonce', { amountCents });
    expect(outcome).toMatchObject({ status, processor: { code } });
  });

  it("follows Braintree's fake nonces", async () => {
    expect(await sale('fake-valid-nonce')).toMatchObject({ status: 'succeeded' });
    expect(await sale('fake-valid-mastercard-nonce')).toMatchObject({ status: 'succeeded' });
    expect(await sale('fake-processor-declined-visa-nonce')).toMatchObject({
      status: 'failed',
      processor: { code: '2000' },
    });
    expect(await sale('fake-no-such-nonce')).toEqual({
      status: 'failed',
      message: 'The payment method was not recognised. Please check your information and try again.',
    });
  });

  it('takes a nonce once, even when two sales race for it', async () => {
    const { nonce } = await gateway.tokenize(card('4111111111111111'));
    const outcomes = await Promise.all([sale(nonce), sale(nonce), sale(nonce)]);
    expect(outcomes.filter((o) => o.status === 'succeeded')).toHaveLength(1);
    for (const failed of outcomes.filter((o) => o.status === 'failed')) {
      expect(failed).toEqual({
        status: 'failed',
        message: 'This card entry was already used for a payment. Please check your information and try again.',
      });
    }
  });

  it('refuses an expired nonce', async () => {
    const { nonce } = await gateway.tokenize(card('4111111111111111'));
    await testDb.db
      .update(sandboxNonces)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sandboxNonces.nonce, nonce));
    expect(await sale(nonce)).toMatchObject({ status: 'failed', message: expect.stringMatching(/expired/) });
  });

  it('charges an order once: a second sale answers the first outcome and leaves the second nonce unused', async () => {
    const orderId = randomUUID();
    const first = await sale('fake-valid-nonce', { orderId });
    const { nonce } = await gateway.tokenize(card('4111111111111111'));
    const concurrent = await Promise.all([sale(nonce, { orderId }), sale('fake-valid-nonce', { orderId })]);
    expect(concurrent).toEqual([first, first]);
    expect(await testDb.db.$count(sandboxTransactions, eq(sandboxTransactions.orderId, orderId))).toBe(1);
    const [row] = await testDb.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, nonce));
    expect(row?.consumedAt).toBeNull();
  });

  it('charges an order once when two first sales race for it', async () => {
    const orderId = randomUUID();
    const nonces = await Promise.all(
      [1, 2, 3].map(async () => (await gateway.tokenize(card('4111111111111111'))).nonce),
    );
    const outcomes = await Promise.all(nonces.map((nonce) => sale(nonce, { orderId })));
    expect(new Set(outcomes.map((o) => o.transactionId)).size).toBe(1);
    expect(await testDb.db.$count(sandboxTransactions, eq(sandboxTransactions.orderId, orderId))).toBe(1);
    // The losers' transactions rolled back: their nonces can still pay for something else.
    const consumed = await Promise.all(
      nonces.map(
        async (nonce) =>
          (await testDb.db.select().from(sandboxNonces).where(eq(sandboxNonces.nonce, nonce)))[0]?.consumedAt,
      ),
    );
    expect(consumed.filter((at) => at !== null)).toHaveLength(1);
  });

  it('finds nothing for an order it never saw', async () => {
    expect(await gateway.findSaleByOrderId(randomUUID())).toBeNull();
  });

  it('reports a ledger it cannot reach as "outcome unknown"', async () => {
    const broken = await createTestDb();
    const offline = createSandboxGateway({ db: broken.db, secret: SECRET });
    await broken.connection.close();
    try {
      await expect(
        offline.sale({
          orderId: randomUUID(),
          amountCents: 100,
          nonce: 'fake-valid-nonce',
          customer: { firstName: 'A', lastName: 'B', email: 'a@b.org' },
        }),
      ).rejects.toBeInstanceOf(GatewayUnavailableError);
      await expect(offline.findSaleByOrderId(randomUUID())).rejects.toBeInstanceOf(GatewayUnavailableError);
    } finally {
      await broken.close();
    }
  });

  it('keeps the nonce out of its errors (they are logged), even when the query that failed carried it', async () => {
    const damaged = await createTestDb();
    try {
      const faulty = createSandboxGateway({ db: damaged.db, secret: SECRET });
      await damaged.db.execute(sql`drop table sandbox_nonces`);
      const nonce = 'tokencc_sandbox_must-not-be-logged';
      const failure = await faulty
        .sale({
          orderId: randomUUID(),
          amountCents: 100,
          nonce,
          customer: { firstName: 'A', lastName: 'B', email: 'a@b.org' },
        })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(GatewayUnavailableError);
      expect(String((failure as Error).message)).toMatch(/sandbox_nonces/);
      expect(String((failure as Error).message)).not.toContain(nonce);
      expect((failure as Error).cause).toBeUndefined();
    } finally {
      await damaged.close();
    }
  });

  describe('parseWebhook', () => {
    it('reads a notification it signed', async () => {
      const timestamp = new Date('2026-11-20T10:00:00Z');
      const { signature, payload } = signSandboxWebhook(SECRET, {
        kind: 'transaction_settled',
        transactionId: 't1',
        timestamp,
      });
      expect(await gateway.parseWebhook(signature, payload)).toEqual({
        kind: 'transaction_settled',
        transactionId: 't1',
        timestamp,
      });
    });

    it('refuses a bad signature', async () => {
      const { payload } = signSandboxWebhook(SECRET, { kind: 'transaction_settled' });
      const other = signSandboxWebhook('another-secret', { kind: 'transaction_settled' });
      await expect(gateway.parseWebhook(other.signature, payload)).rejects.toBeInstanceOf(WebhookSignatureError);
      await expect(gateway.parseWebhook('', payload)).rejects.toBeInstanceOf(WebhookSignatureError);
    });
  });
});
