/**
 * Issue 22: the Braintree adapter's vault and stored-card sales, driving the real SDK against the
 * local fake gateway (test/fake-braintree): a new donor's card stored (customer, then a verified
 * default card), a new card for an existing customer, a declined or unknown card refused, and a
 * monthly charge by token marked 'recurring' that the reconciler can find by our order id.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { braintreeGatewayFor } from '../../../../test/fake-braintree/gateway';
import { type FakeBraintree, startFakeBraintree } from '../../../../test/fake-braintree/server';
import type { PaymentGateway } from '../gateway';

let fake: FakeBraintree;
let gateway: PaymentGateway;
const customer = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.org' };

beforeAll(async () => {
  fake = await startFakeBraintree();
  gateway = braintreeGatewayFor(fake);
});
afterAll(async () => fake.close());

it("stores a new donor's verified card, and a new default card for the same customer", async () => {
  const first = await gateway.vault({ nonce: 'fake-valid-nonce', customer });
  expect(first).toMatchObject({
    status: 'stored',
    card: { brand: 'Visa', lastFour: '1111', expMonth: 12, expYear: 2030 },
  });
  if (first.status !== 'stored') throw new Error('not stored');
  expect(fake.vault.customers.get(first.customerId)).toEqual(customer);
  const second = await gateway.vault({ nonce: 'fake-valid-visa-nonce', customer, customerId: first.customerId });
  if (second.status !== 'stored') throw new Error('not stored');
  expect(second.customerId).toBe(first.customerId);
  expect(second.paymentMethodToken).not.toBe(first.paymentMethodToken);
  expect(fake.vault.cards.get(second.paymentMethodToken)?.isDefault).toBe(true);
  expect(fake.vault.cards.get(first.paymentMethodToken)?.isDefault).toBe(false);
});

it('refuses a card that fails verification, or an unknown nonce, storing nothing', async () => {
  const before = fake.vault.cards.size;
  for (const nonce of ['fake-processor-declined-visa-nonce', 'not-a-nonce']) {
    const refused = await gateway.vault({ nonce, customer });
    expect(refused).toEqual({ status: 'failed', message: expect.stringContaining('could not be verified') });
  }
  expect(fake.vault.cards.size).toBe(before);
});

it('charges a stored card as a recurring sale, declines by the amount rule, and finds it by order id', async () => {
  const stored = await gateway.vault({ nonce: 'fake-valid-nonce', customer });
  if (stored.status !== 'stored') throw new Error('not stored');
  const orderId = randomUUID();
  const paid = await gateway.sale({
    orderId,
    amountCents: 5100,
    customer,
    paymentMethodToken: stored.paymentMethodToken,
    recurring: true,
  });
  expect(paid).toMatchObject({ status: 'succeeded', card: { brand: 'Visa', lastFour: '1111' } });
  const sale = fake.sales.all().find((s) => s.orderId === orderId);
  expect(sale).toMatchObject({ amount: '51.00', transactionSource: 'recurring', submitForSettlement: true });
  expect(sale?.paymentMethodToken).toBe(stored.paymentMethodToken);
  expect(await gateway.findSaleByOrderId(orderId)).toMatchObject({ amountCents: 5100, succeeded: true });

  const declined = await gateway.sale({
    orderId: randomUUID(),
    amountCents: 200_100,
    customer,
    paymentMethodToken: stored.paymentMethodToken,
    recurring: true,
  });
  expect(declined).toMatchObject({ status: 'failed', processor: { code: '2001' } });
  const unknown = await gateway.sale({
    orderId: randomUUID(),
    amountCents: 100,
    customer,
    paymentMethodToken: 'tok-nobody',
    recurring: true,
  });
  expect(unknown.status).toBe('failed');
});
