/**
 * Issue 21: the Braintree adapter's void and refund, driving the real SDK against the local fake
 * gateway (test/fake-braintree): void while unsettled, refund after, our refund id as the refund's
 * order id, a retry answered from what Braintree already did, and a lost connection as unknown.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { braintreeGatewayFor } from '../../../../test/fake-braintree/gateway';
import { type FakeBraintree, startFakeBraintree } from '../../../../test/fake-braintree/server';
import { GatewayUnavailableError, type PaymentGateway } from '../gateway';
import { createBraintreeGateway } from './braintree';

let fake: FakeBraintree;
let gateway: PaymentGateway;

beforeAll(async () => {
  fake = await startFakeBraintree();
  gateway = braintreeGatewayFor(fake);
});
afterAll(async () => fake.close());

async function paidSale(amountCents = 5000): Promise<string> {
  const outcome = await gateway.sale({
    orderId: randomUUID(),
    amountCents,
    nonce: 'fake-valid-nonce',
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
  });
  if (outcome.status !== 'succeeded') throw new Error(outcome.message);
  return outcome.transactionId;
}

it('voids an unsettled sale whole, and answers a retry without voiding again', async () => {
  const transactionId = await paidSale();
  expect(await gateway.saleSettlement(transactionId)).toBe('unsettled');
  const refundId = randomUUID();
  const input = { refundId, transactionId, amountCents: 5000, wholeSale: true };
  expect(await gateway.refund(input)).toEqual({ status: 'succeeded', kind: 'void', gatewayRefundId: transactionId });
  expect(fake.sales.byId(transactionId)?.status).toBe('voided');
  const voids = () => fake.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/void')).length;
  const before = voids();
  expect(await gateway.refund(input)).toMatchObject({ status: 'succeeded', kind: 'void' });
  expect(voids()).toBe(before);
  expect(await gateway.findRefund(refundId, transactionId)).toEqual({
    kind: 'void',
    gatewayRefundId: transactionId,
    amountCents: 5000,
  });
});

it('refuses a partial refund of an unsettled sale without calling Braintree to move money', async () => {
  const transactionId = await paidSale();
  const outcome = await gateway.refund({ refundId: randomUUID(), transactionId, amountCents: 1000, wholeSale: false });
  expect(outcome).toMatchObject({ status: 'failed', reason: 'not_settled' });
  expect(fake.sales.byId(transactionId)?.refundIds).toEqual([]);
  expect(fake.sales.byId(transactionId)?.status).toBe('submitted_for_settlement');
});

it('refunds a settled sale in part with our refund id as its order id; finds it again by that id', async () => {
  const transactionId = await paidSale();
  fake.sales.settle(transactionId);
  expect(await gateway.saleSettlement(transactionId)).toBe('settled');
  const refundId = randomUUID();
  const input = { refundId, transactionId, amountCents: 1250, wholeSale: false };
  const outcome = await gateway.refund(input);
  expect(outcome).toMatchObject({ status: 'succeeded', kind: 'refund' });
  const [creditId] = fake.sales.byId(transactionId)?.refundIds ?? [];
  expect(fake.sales.byId(creditId ?? '')).toMatchObject({ type: 'credit', amount: '12.50', orderId: refundId });
  expect(outcome).toEqual({ status: 'succeeded', kind: 'refund', gatewayRefundId: creditId });
  // A retry (the answer was lost) finds the refund instead of refunding again.
  expect(await gateway.refund(input)).toEqual(outcome);
  expect(fake.sales.byId(transactionId)?.refundIds).toHaveLength(1);
  expect(await gateway.findRefund(refundId, transactionId)).toEqual({
    kind: 'refund',
    gatewayRefundId: creditId,
    amountCents: 1250,
  });
  expect(await gateway.findRefund(randomUUID(), transactionId)).toBeNull();
  // More than is left: Braintree's refusal, no money moved.
  const tooMuch = await gateway.refund({ refundId: randomUUID(), transactionId, amountCents: 3751, wholeSale: false });
  expect(tooMuch).toMatchObject({ status: 'failed', message: expect.stringMatching(/too large/) });
});

it('throws GatewayUnavailableError when Braintree cannot be reached', async () => {
  const closed = await startFakeBraintree();
  const unreachable = createBraintreeGateway({
    environment: { host: closed.host, port: closed.port, ssl: false },
    merchantId: closed.merchantId,
    publicKey: closed.publicKey,
    privateKey: closed.privateKey,
    timeoutMs: 500,
  });
  await closed.close();
  const input = { refundId: randomUUID(), transactionId: 'abc123', amountCents: 100, wholeSale: true };
  await expect(unreachable.refund(input)).rejects.toBeInstanceOf(GatewayUnavailableError);
  await expect(unreachable.findRefund(input.refundId, 'abc123')).rejects.toBeInstanceOf(GatewayUnavailableError);
});
