/** POST /api/webhooks/braintree with the sandbox gateway, which signs its notifications itself. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findOrderById } from '#src/modules/ledger/index';
import { deriveKey, sign } from '#src/modules/payments/gateways/sandbox-signing';
import { signSandboxWebhook } from '#src/modules/payments/gateways/sandbox-webhook';
import { buildTestApp, TEST_SESSION_SECRET, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, postCheckout } from '../../../test/checkout-helpers';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('POST /api/webhooks/braintree (sandbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  const post = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/braintree',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  it('applies a signed settlement failure to the order, once the signature verifies', async () => {
    const paid = (await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce') })).json();
    const webhook = signSandboxWebhook(TEST_SESSION_SECRET, {
      kind: 'transaction_settlement_declined',
      transactionId: paid.transactionId,
      orderId: paid.orderId,
    });
    const forged = signSandboxWebhook('another-secret-0123456789abcdef0123', {
      kind: 'transaction_settlement_declined',
    });
    expect((await post({ bt_signature: forged.signature, bt_payload: webhook.payload })).statusCode).toBe(401);
    expect((await findOrderById(t.testDb.db, paid.orderId))?.status).toBe('succeeded');

    const res = await post({ bt_signature: webhook.signature, bt_payload: webhook.payload });
    expect(res.statusCode).toBe(200);
    expect((await findOrderById(t.testDb.db, paid.orderId))?.status).toBe('failed');
  });

  it('acknowledges other notifications without changing anything', async () => {
    const webhook = signSandboxWebhook(TEST_SESSION_SECRET, { kind: 'dispute_opened', transactionId: 'abc' });
    const res = await post({ bt_signature: webhook.signature, bt_payload: webhook.payload });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a body without bt_payload (400) and a signed payload it cannot read (400)', async () => {
    const missing = await post({ bt_signature: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('bt_payload');
    const payload = Buffer.from('not json').toString('base64');
    const signature = sign(deriveKey(TEST_SESSION_SECRET, 'sandbox-webhook'), payload);
    const unreadable = await post({ bt_signature: signature, bt_payload: payload });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().error.code).toBe('bad_request');
  });
});
