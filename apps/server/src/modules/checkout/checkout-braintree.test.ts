/**
 * The checkout route with PAYMENT_GATEWAY=braintree: the real SDK adapter against the local fake of
 * Braintree's gateway (test/fake-braintree), through the whole app. The gateway is handed to the
 * app (buildTestApp's `paymentGateway`) so the configuration stays what production would have.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { findOrderById, orders } from '#src/modules/ledger/index';
import type { PaymentGateway } from '#src/modules/payments/gateway';
import { createBraintreeGateway } from '#src/modules/payments/gateways/braintree';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout, testReceiptSettings } from '../../../test/checkout-helpers';
import { braintreeGatewayFor } from '../../../test/fake-braintree/gateway';
import { type FakeBraintree, startFakeBraintree } from '../../../test/fake-braintree/server';
import { signedTransactionWebhook } from '../../../test/fake-braintree/webhooks';
import { describeWithDb } from '../../../test/test-db';
import { NOT_CHARGED_MESSAGE, reconcilePendingOrders } from './reconcile';

const braintreeKeys = () => ({ merchantId: 'm', publicKey: 'pub', privateKey: 'priv' });

describeWithDb('checkout with the braintree gateway (local fake)', () => {
  let fake: FakeBraintree;
  let gateway: PaymentGateway;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeBraintree();
    gateway = braintreeGatewayFor(fake);
    t = await buildTestApp({
      env: {
        PAYMENT_GATEWAY: 'braintree',
        BRAINTREE_ENVIRONMENT: 'sandbox',
        BRAINTREE_MERCHANT_ID: fake.merchantId,
        BRAINTREE_PUBLIC_KEY: fake.publicKey,
        BRAINTREE_PRIVATE_KEY: fake.privateKey,
      },
      paymentGateway: () => gateway,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('hands out a Braintree client token and allows the Drop-in’s hosts in the CSP', async () => {
    const res = await t.app.inject({ url: '/api/public/payment/token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ clientToken: expect.any(String), gateway: 'braintree' });
    // The pages' policy (the API's own answers are data and allow nothing).
    const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.braintreegateway\.com/);
    // BRAINTREE_ENVIRONMENT=sandbox: the Drop-in calls Braintree's sandbox hosts.
    expect(csp).toContain('https://api.sandbox.braintreegateway.com');
    expect(csp).toContain('https://payments.sandbox.braintree-api.com');
  });

  it('has no sandbox tokenizer', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/public/payment/sandbox/tokenize', payload: {} });
    expect(res.statusCode).toBe(404);
  });

  it('approves: 200, one sale at Braintree for our order id and the server’s amount', async () => {
    const res = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), remoteAddress: '10.8.0.1' });
    expect(res.statusCode).toBe(200);
    const { orderId, transactionId } = res.json();
    const sales = fake.sales.byOrderId(orderId);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ id: transactionId, amount: '35.00', submitForSettlement: true });
    expect(await findOrderById(t.testDb.db, orderId)).toMatchObject({
      status: 'succeeded',
      gateway: 'braintree',
      transactionId,
      processorCode: '1000',
      amountCents: 3500,
    });
  });

  it('declines: 402 and the order failed with the processor’s answer', async () => {
    const res = await postCheckout(t.app, {
      body: checkoutBody('fake-processor-declined-visa-nonce'),
      remoteAddress: '10.8.0.2',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ success: false, message: 'Payment was declined by the card issuer.' });
    expect(await findOrderById(t.testDb.db, res.json().orderId)).toMatchObject({
      status: 'failed',
      processorCode: '2000',
      processorText: 'Do Not Honor',
    });
  });

  // Issue 18: the sandbox's test cards and nonces are the sandbox's only. With Braintree configured
  // every nonce goes to Braintree, which decides (its sandbox takes its fake nonces, production
  // refuses them), and the order is a real one unless BRAINTREE_ENVIRONMENT is sandbox.
  it('sends fake and sandbox nonces to Braintree, which decides; its orders are not test orders', async () => {
    const posted = () => fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/transactions')).length;
    const before = posted();
    const ours = await postCheckout(t.app, {
      body: checkoutBody('tokencc_sandbox_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      remoteAddress: '10.8.0.6',
    });
    // Braintree's own answer to a nonce it never issued, not the sandbox's wording.
    expect(ours.statusCode).toBe(402);
    expect(ours.json().message).toBe('Unknown or expired payment_method_nonce.');
    const fakeNonce = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), remoteAddress: '10.8.0.7' });
    expect(fakeNonce.statusCode).toBe(200);
    expect(posted() - before).toBe(2);
    // This gateway stands for production (a custom environment): orders are real, receipts say nothing of a test.
    expect(gateway.test).toBe(false);
    expect(await findOrderById(t.testDb.db, fakeNonce.json().orderId)).toMatchObject({
      gateway: 'braintree',
      test: false,
    });
    expect(createBraintreeGateway({ ...braintreeKeys(), environment: 'sandbox' }).test).toBe(true);
    expect(createBraintreeGateway({ ...braintreeKeys(), environment: 'production' }).test).toBe(false);
  });

  it("passes Braintree's validation message on: 402", async () => {
    const res = await postCheckout(t.app, {
      body: checkoutBody('fake-validation-error-nonce'),
      remoteAddress: '10.8.0.3',
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Unknown or expired payment_method_nonce.');
  });

  it('times out: 503 unconfirmed, pending, then settled as not charged by the reconciler', async () => {
    const res = await postCheckout(t.app, { body: checkoutBody('fake-timeout-nonce'), remoteAddress: '10.8.0.4' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('payment_unconfirmed');
    const [order] = await t.testDb.db.select().from(orders).where(eq(orders.status, 'pending'));
    expect(order).toBeDefined();
    await reconcilePendingOrders({
      db: t.testDb.db,
      gateway,
      receipts: testReceiptSettings('UTC'),
      logger: createLogger('silent'),
      olderThanMs: 0,
    });
    expect(await findOrderById(t.testDb.db, order?.id ?? '')).toMatchObject({
      status: 'failed',
      failureMessage: NOT_CHARGED_MESSAGE,
      reconciled: true,
    });
  });

  it('POST /api/webhooks/braintree: a declined settlement fails the order; a bad signature is 401', async () => {
    const paid = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), remoteAddress: '10.8.0.5' });
    const { orderId, transactionId } = paid.json();
    const webhook = signedTransactionWebhook(fake, {
      kind: 'transaction_settlement_declined',
      transactionId,
      orderId,
    });
    const post = (signature: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/braintree',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ bt_signature: signature, bt_payload: payload }).toString(),
      });

    const forged = await post(`${fake.publicKey}|${'0'.repeat(40)}`, webhook.payload);
    expect(forged.statusCode).toBe(401);
    expect((await findOrderById(t.testDb.db, orderId))?.status).toBe('succeeded');

    const res = await post(webhook.signature, webhook.payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await findOrderById(t.testDb.db, orderId)).toMatchObject({
      status: 'failed',
      failureMessage: expect.stringMatching(/settlement declined/i),
    });

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/braintree',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'bt_signature=x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('bt_payload');
  });
});
