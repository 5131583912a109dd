/**
 * The Braintree adapter driving the real SDK against the local fake gateway (test/fake-braintree):
 * real HTTP, real XML parsing, real webhook signatures; only the remote end is ours.
 */
import { randomUUID } from 'node:crypto';
import { type PaymentMethodKind, paymentMethodLabel, WALLET_TEST_NONCES } from '@store/shared/payment-methods';
import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBraintree, startFakeBraintree } from '../../../../test/fake-braintree/server';
import { signedTransactionWebhook } from '../../../../test/fake-braintree/webhooks';
import { GatewayUnavailableError, type PaymentGateway, type SaleInput } from '../gateway';
import {
  type BraintreeGatewayOptions,
  createBraintreeGateway,
  formatAmount,
  parseAmountCents,
  WebhookSignatureError,
} from './braintree';

const TIMEOUT_MS = 500;

let fake: FakeBraintree;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeBraintree();
  gateway = gatewayFor(fake);
});

afterAll(async () => {
  await fake.close();
});

function gatewayFor(target: FakeBraintree, overrides: Partial<BraintreeGatewayOptions> = {}): PaymentGateway {
  return createBraintreeGateway({
    environment: { host: target.host, port: target.port, ssl: false },
    merchantId: target.merchantId,
    publicKey: target.publicKey,
    privateKey: target.privateKey,
    timeoutMs: TIMEOUT_MS,
    ...overrides,
  });
}

function saleInput(overrides: Partial<SaleInput> = {}): SaleInput {
  return {
    orderId: randomUUID(),
    amountCents: 1234,
    nonce: 'fake-valid-nonce',
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
    ...overrides,
  };
}

describe('amount format', () => {
  it('turns cents into the D.CC string Braintree expects, and back', () => {
    expect(formatAmount(1234)).toBe('12.34');
    expect(formatAmount(5)).toBe('0.05');
    expect(formatAmount(250_000)).toBe('2500.00');
    expect(() => formatAmount(12.5)).toThrow(RangeError);
    expect(parseAmountCents('12.34')).toBe(1234);
    expect(parseAmountCents('100')).toBe(10_000);
    expect(parseAmountCents('12.3')).toBe(1230);
    expect(parseAmountCents('abc')).toBeNull();
  });
});

describe('createClientToken', () => {
  it('returns the client token the gateway generated', async () => {
    const token = await gateway.createClientToken();
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    expect(decoded).toMatchObject({ version: 2, merchantId: fake.merchantId });
  });
});

describe('sale', () => {
  it('approves with the transaction id and processor answer, sending D.CC, order id and submitForSettlement', async () => {
    const input = saleInput();
    const outcome = await gateway.sale(input);

    const [recorded, ...others] = fake.sales.byOrderId(input.orderId);
    expect(others).toEqual([]);
    expect(outcome).toEqual({
      status: 'succeeded',
      transactionId: recorded?.id,
      processor: { code: '1000', text: 'Approved' },
      // Issue 20: what a receipt may say of the card (Braintree's creditCard.cardType and last4).
      card: { brand: 'Visa', lastFour: '1111' },
      kind: 'card',
    });
    expect(recorded).toMatchObject({
      amount: '12.34',
      orderId: input.orderId,
      submitForSettlement: true,
      status: 'submitted_for_settlement',
      customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
    });
  });

  it("names a wallet as Braintree answers it: PayPal (Credit by the donor's choice), Apple Pay and Google Pay with their cards", async () => {
    const label = async (nonce: string, methodHint?: PaymentMethodKind) => {
      const outcome = await gateway.sale(saleInput({ nonce, methodHint }));
      return outcome.status === 'succeeded' && outcome.kind ? paymentMethodLabel(outcome.kind, outcome.card) : outcome;
    };
    expect(await label(WALLET_TEST_NONCES.paypal)).toBe('PayPal');
    expect(await label(WALLET_TEST_NONCES.paypal, 'paypalCredit')).toBe('PayPal Credit');
    expect(await label(WALLET_TEST_NONCES.venmo)).toBe('Venmo');
    // Apple Pay's card is named by its payment instrument name (the donor's card), not the device's token.
    expect(await label(WALLET_TEST_NONCES.applePay)).toBe('Apple Pay, Visa ending in 8886');
    expect(await label(WALLET_TEST_NONCES.googlePay)).toBe('Google Pay, Visa ending in 1111');
    // A claim of PayPal Credit does not rename a card.
    expect(await label('fake-valid-nonce', 'paypalCredit')).toBe('Visa ending in 1111');
  });

  it('stores a PayPal billing agreement for monthly gifts, not a one-time payment, and charges it', async () => {
    const customer = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
    expect(await gateway.vault({ nonce: WALLET_TEST_NONCES.paypal, customer })).toMatchObject({ status: 'failed' });
    const stored = await gateway.vault({ nonce: WALLET_TEST_NONCES.paypalVault, customer });
    expect(stored).toMatchObject({ status: 'stored', kind: 'paypal', card: { brand: 'PayPal', lastFour: '' } });
    if (stored.status !== 'stored') throw new Error('not stored');
    const { nonce: _nonce, ...sale } = saleInput() as SaleInput & { nonce: string };
    const charged = await gateway.sale({ ...sale, paymentMethodToken: stored.paymentMethodToken, recurring: true });
    expect(charged).toMatchObject({ status: 'succeeded', kind: 'paypal' });
    const apple = await gateway.vault({ nonce: WALLET_TEST_NONCES.applePay, customer });
    expect(apple).toMatchObject({ kind: 'applePay', card: { brand: 'Visa', lastFour: '8886' } });
  });

  it("sends each sale to its entity's merchant account, charged in that account's currency", async () => {
    const cad = saleInput({ amountCents: 5_100, merchantAccountId: 'fake_cad_account' });
    const gbp = saleInput({ amountCents: 2_500, merchantAccountId: 'fake_gbp_account' });
    expect((await gateway.sale(cad)).status).toBe('succeeded');
    expect((await gateway.sale(gbp)).status).toBe('succeeded');
    expect(fake.sales.byOrderId(cad.orderId)[0]).toMatchObject({
      amount: '51.00',
      merchantAccountId: 'fake_cad_account',
      currencyIsoCode: 'CAD',
    });
    expect(fake.sales.byOrderId(gbp.orderId)[0]).toMatchObject({
      merchantAccountId: 'fake_gbp_account',
      currencyIsoCode: 'GBP',
    });
    // No account named: the merchant's default (US dollar) account, as before entities.
    const usd = saleInput();
    await gateway.sale(usd);
    expect(fake.sales.byOrderId(usd.orderId)[0]).toMatchObject({
      merchantAccountId: 'fake_merchant_account',
      currencyIsoCode: 'USD',
    });
    // An account the merchant lacks is Braintree's validation error: refused, nothing charged.
    const wrong = saleInput({ merchantAccountId: 'no_such_account' });
    expect(await gateway.sale(wrong)).toMatchObject({ status: 'failed', message: 'Merchant account ID is invalid.' });
    expect(fake.sales.byOrderId(wrong.orderId)).toEqual([]);
  });

  it('reports a processor decline as failed, with the transaction id and the processor code', async () => {
    const input = saleInput({ nonce: 'fake-processor-declined-visa-nonce' });
    const outcome = await gateway.sale(input);

    expect(outcome).toEqual({
      status: 'failed',
      transactionId: fake.sales.byOrderId(input.orderId)[0]?.id,
      processor: { code: '2000', text: 'Do Not Honor' },
      message: 'Payment was declined by the card issuer.',
    });
  });

  it('declines amounts of 2000.00-2999.99 with the amount as processor code', async () => {
    const outcome = await gateway.sale(saleInput({ amountCents: 200_100 }));

    expect(outcome).toMatchObject({
      status: 'failed',
      processor: { code: '2001', text: 'Insufficient Funds' },
      message: 'Payment was declined by the card issuer.',
    });
    expect(outcome.status === 'failed' && outcome.transactionId).toBeTruthy();
  });

  it('reports a gateway rejection as failed with a reason the visitor can read', async () => {
    const outcome = await gateway.sale(saleInput({ nonce: 'fake-gateway-rejected-fraud-nonce' }));

    expect(outcome).toMatchObject({ status: 'failed', message: 'Payment was refused by fraud protection.' });
    expect(outcome.status === 'failed' && outcome.transactionId).toBeTruthy();
  });

  it('reports validation errors as failed with the gateway message and no transaction', async () => {
    const input = saleInput({ nonce: 'fake-validation-error-nonce' });
    const outcome = await gateway.sale(input);

    expect(outcome).toEqual({ status: 'failed', message: 'Unknown or expired payment_method_nonce.' });
    expect(fake.sales.byOrderId(input.orderId)).toEqual([]);
  });

  it('reports a zero amount as a validation error', async () => {
    const outcome = await gateway.sale(saleInput({ amountCents: 0 }));

    expect(outcome).toEqual({ status: 'failed', message: 'Amount must be greater than zero.' });
  });

  it('throws GatewayUnavailableError when the gateway does not answer within the timeout', async () => {
    const started = performance.now();
    const error = await gateway.sale(saleInput({ nonce: 'fake-timeout-nonce' })).catch((caught: unknown) => caught);
    const elapsed = performance.now() - started;

    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect(String(error)).toContain(`within ${TIMEOUT_MS} ms`);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('throws GatewayUnavailableError on a 5xx answer', async () => {
    await expect(gateway.sale(saleInput({ nonce: 'fake-server-error-nonce' }))).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
  });

  it('never puts the nonce in an error message', async () => {
    const error = await gateway
      .sale(saleInput({ nonce: 'fake-server-error-nonce' }))
      .catch((caught: unknown) => caught);
    expect(String(error)).not.toContain('nonce');
  });
});

describe('when Braintree cannot be reached or refuses us', () => {
  it('throws GatewayUnavailableError when the connection is refused', async () => {
    const gone = await startFakeBraintree();
    await gone.close();
    const offline = gatewayFor(gone);

    await expect(offline.sale(saleInput())).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(offline.createClientToken()).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(offline.findSaleByOrderId(randomUUID())).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  // A 401 means nothing was charged, but no sale can succeed until an operator fixes the settings:
  // telling the visitor their card failed would be wrong, so it is "unavailable", with a message
  // that names the settings to check.
  it('throws GatewayUnavailableError naming the settings when the credentials are wrong', async () => {
    const misconfigured = gatewayFor(fake, { privateKey: 'not-the-private-key' });
    const input = saleInput();

    const error = await misconfigured.sale(input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayUnavailableError);
    expect(String(error)).toMatch(/credentials.*BRAINTREE_PRIVATE_KEY/);
    expect(fake.sales.byOrderId(input.orderId)).toEqual([]);
    await expect(misconfigured.createClientToken()).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('treats an unknown merchant id like wrong credentials', async () => {
    const misconfigured = gatewayFor(fake, { merchantId: 'someone_else' });
    await expect(misconfigured.createClientToken()).rejects.toThrow(/BRAINTREE_MERCHANT_ID/);
  });
});

describe('findSaleByOrderId', () => {
  it('finds an approved sale by our order id', async () => {
    const input = saleInput({ amountCents: 4_550 });
    const outcome = await gateway.sale(input);
    if (outcome.status !== 'succeeded') throw new Error('expected an approval');
    const before = fake.requests.length;

    await expect(gateway.findSaleByOrderId(input.orderId)).resolves.toEqual({
      transactionId: outcome.transactionId,
      amountCents: 4_550,
      succeeded: true,
      processor: { code: '1000', text: 'Approved' },
    });
    // The SDK searches in two steps: the matching ids, then the transactions for a page of ids.
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual([
      `/merchants/${fake.merchantId}/transactions/advanced_search_ids`,
      `/merchants/${fake.merchantId}/transactions/advanced_search`,
    ]);
  });

  it('returns null for an order the gateway never saw', async () => {
    await expect(gateway.findSaleByOrderId(randomUUID())).resolves.toBeNull();
  });

  it('reports a declined-only order as not succeeded', async () => {
    const input = saleInput({ nonce: 'fake-processor-declined-visa-nonce' });
    await gateway.sale(input);

    await expect(gateway.findSaleByOrderId(input.orderId)).resolves.toMatchObject({
      succeeded: false,
      amountCents: 1234,
      processor: { code: '2000' },
    });
  });

  it('prefers the charged sale over failed attempts of the same order', async () => {
    const orderId = randomUUID();
    await gateway.sale(saleInput({ orderId, nonce: 'fake-processor-declined-visa-nonce' }));
    const approved = await gateway.sale(saleInput({ orderId }));
    await gateway.sale(saleInput({ orderId, nonce: 'fake-processor-declined-visa-nonce' }));
    if (approved.status !== 'succeeded') throw new Error('expected an approval');

    await expect(gateway.findSaleByOrderId(orderId)).resolves.toMatchObject({
      transactionId: approved.transactionId,
      succeeded: true,
    });
  });
});

describe('parseWebhook', () => {
  it("parses the SDK's own sample notification", async () => {
    const sdk = new braintree.BraintreeGateway({
      environment: braintree.Environment.Sandbox,
      merchantId: fake.merchantId,
      publicKey: fake.publicKey,
      privateKey: fake.privateKey,
    });
    const sample = await sdk.webhookTesting.sampleNotification('dispute_opened', 'txn_42');

    const event = await gateway.parseWebhook(sample.bt_signature, sample.bt_payload);
    expect(event).toMatchObject({ kind: 'dispute_opened', transactionId: 'txn_42' });
    expect(event.timestamp).toBeInstanceOf(Date);
    expect(Number.isNaN(event.timestamp.getTime())).toBe(false);
  });

  it('reads the transaction and our order id from a settlement notification', async () => {
    const timestamp = new Date('2026-11-02T10:00:00Z');
    const webhook = signedTransactionWebhook(fake, {
      kind: 'transaction_settled',
      transactionId: 'abc123',
      orderId: 'order-1',
      timestamp,
    });

    await expect(gateway.parseWebhook(webhook.signature, webhook.payload)).resolves.toEqual({
      kind: 'transaction_settled',
      transactionId: 'abc123',
      orderId: 'order-1',
      timestamp,
    });
  });

  it('throws WebhookSignatureError when the signature or the payload was tampered with', async () => {
    const webhook = signedTransactionWebhook(fake, { kind: 'transaction_settled', transactionId: 'abc123' });
    const forged = signedTransactionWebhook(
      { publicKey: fake.publicKey, privateKey: 'a-guess' },
      { kind: 'transaction_settled', transactionId: 'abc123' },
    );
    const otherPayload = signedTransactionWebhook(fake, { kind: 'transaction_settled', transactionId: 'zzz999' });

    await expect(gateway.parseWebhook(forged.signature, webhook.payload)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook(webhook.signature, otherPayload.payload)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    await expect(gateway.parseWebhook('', webhook.payload)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
