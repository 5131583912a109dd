/** The sandbox gateway on a real database: nonces, the ledger, Braintree's sandbox outcomes. */
import { randomUUID } from 'node:crypto';
import { PAYMENT_METHOD_NAMES, paymentMethodLabel, WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, describeWithDb, type TestDb } from '../../../../test/test-db';
import { GatewayUnavailableError, type SaleInput, type SaleOutcome, WebhookSignatureError } from '../gateway';
import { createSandboxGateway, type SandboxGateway } from './sandbox';
import { sandboxNonces, sandboxTransactions, sandboxVault } from './sandbox-tables';
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
      kind: 'card',
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

  /**
   * Braintree's wallet test nonces, answered as Braintree's sandbox does; the sandbox's own
   * book records how each sale was paid, so the wallets' whole path is tested without a network.
   */
  describe('wallets', () => {
    const walletCustomer = { firstName: 'A', lastName: 'B', email: 'a@example.org' };
    const walletSale = (
      input: Partial<SaleInput> & ({ nonce: string } | { paymentMethodToken: string; recurring: boolean }),
    ) => gateway.sale({ orderId: randomUUID(), amountCents: 2500, customer: walletCustomer, ...input } as SaleInput);
    const ledgerKind = async (outcome: SaleOutcome) => {
      const [row] = await testDb.db
        .select({ kind: sandboxTransactions.paymentKind })
        .from(sandboxTransactions)
        .where(eq(sandboxTransactions.id, outcome.transactionId ?? ''));
      return row?.kind;
    };
    const label = (outcome: SaleOutcome) =>
      outcome.status === 'succeeded' && outcome.kind ? paymentMethodLabel(outcome.kind, outcome.card) : null;

    it('pays with each wallet nonce, again and again, naming the method; the ledger records it', async () => {
      const expected = [
        [WALLET_TEST_NONCES.paypal, 'paypal', 'PayPal'],
        [WALLET_TEST_NONCES.venmo, 'venmo', 'Venmo'],
        [WALLET_TEST_NONCES.applePay, 'applePay', 'Apple Pay, Visa ending in 8886'],
        [WALLET_TEST_NONCES.googlePay, 'googlePay', 'Google Pay, Visa ending in 1111'],
      ] as const;
      for (const [nonce, kind, name] of expected) {
        // Braintree's test nonces are reusable: the second sale with the same one pays too.
        for (const attempt of [1, 2]) {
          const outcome = await walletSale({ nonce });
          expect(outcome, `${kind} #${attempt}`).toMatchObject({ status: 'succeeded', kind });
          expect(label(outcome)).toBe(name);
          expect(await ledgerKind(outcome)).toBe(kind);
        }
      }
      // PayPal Credit: PayPal's nonce, the donor's choice said by the browser (only that distinction).
      const credit = await walletSale({ nonce: WALLET_TEST_NONCES.paypal, methodHint: 'paypalCredit' });
      expect(label(credit)).toBe('PayPal Credit');
      expect(await ledgerKind(credit)).toBe('paypalCredit');
      const notCredit = await walletSale({ nonce: WALLET_TEST_NONCES.venmo, methodHint: 'paypalCredit' });
      expect(label(notCredit)).toBe('Venmo');
    });

    it('declines a wallet sale of 2000.00–2999.99 with the amount as the code, and records it', async () => {
      const outcome = await walletSale({ nonce: WALLET_TEST_NONCES.applePay, amountCents: 204_600 });
      expect(outcome).toMatchObject({ status: 'failed', processor: { code: '2046', text: 'Declined' } });
      expect(await ledgerKind(outcome)).toBe('applePay');
    });

    it("refuses to store PayPal's one-time payment for monthly gifts, and stores a billing agreement and Venmo", async () => {
      const oneTime = await gateway.vault({ nonce: WALLET_TEST_NONCES.paypal, customer: walletCustomer });
      expect(oneTime).toEqual({
        status: 'failed',
        message:
          "PayPal's one-time payment cannot pay a monthly gift. Choose PayPal again to agree to monthly payments, or use a card.",
      });

      for (const [nonce, kind] of [
        [WALLET_TEST_NONCES.paypalVault, 'paypal'],
        [WALLET_TEST_NONCES.venmo, 'venmo'],
      ] as const) {
        const stored = await gateway.vault({ nonce, customer: walletCustomer });
        // The dashboard and the billing mails name a stored account by the wallet alone.
        expect(stored).toMatchObject({
          status: 'stored',
          kind,
          card: { brand: PAYMENT_METHOD_NAMES[kind], lastFour: '', expMonth: null, expYear: null },
        });
        if (stored.status !== 'stored') throw new Error('not stored');
        const [row] = await testDb.db
          .select()
          .from(sandboxVault)
          .where(eq(sandboxVault.token, stored.paymentMethodToken));
        expect(row?.paymentKind).toBe(kind);
        // A month later: the stored account pays, named without digits, and the ledger says how.
        const charged = await walletSale({ paymentMethodToken: stored.paymentMethodToken, recurring: true });
        expect(charged).toMatchObject({ status: 'succeeded', kind });
        expect(charged.status === 'succeeded' && charged.card).toBeFalsy();
        expect(label(charged)).toBe(PAYMENT_METHOD_NAMES[kind]);
        expect(await ledgerKind(charged)).toBe(kind);
      }

      // Apple Pay's card can pay monthly, as Braintree vaults it: named with its card.
      const apple = await gateway.vault({ nonce: WALLET_TEST_NONCES.applePay, customer: walletCustomer });
      if (apple.status !== 'stored') throw new Error('Apple Pay not stored');
      const charged = await walletSale({ paymentMethodToken: apple.paymentMethodToken, recurring: true });
      expect(label(charged)).toBe('Apple Pay, Visa ending in 8886');
    });
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
