import type { CheckoutRequest } from '@store/shared/checkout';
import { describe, expect, it } from 'vitest';
import { requestHash } from './request-hash';

const body: CheckoutRequest = {
  nonce: 'n1',
  amount: 10,
  customerDetails: { center: '1', cardFirstName: 'A', cardLastName: 'B', email: 'a@b.org', mobile: '5125550100' },
  products: [{ key: '101', id: 101, name: 'Concert Supporter', price: 10, quantity: 1 }],
  center: '1',
};

describe('requestHash', () => {
  it('ignores key order, the captcha token and the nonce (a retry gets fresh ones)', () => {
    const { nonce, amount, customerDetails, products, center } = body;
    const details = Object.fromEntries(Object.entries(customerDetails).reverse()) as typeof customerDetails;
    const reordered = { center, products, customerDetails: details, amount, nonce };
    expect(requestHash(reordered)).toBe(requestHash(body));
    expect(requestHash({ ...body, recaptchaToken: 'fresh' })).toBe(requestHash(body));
    expect(requestHash({ ...body, nonce: 'n2' })).toBe(requestHash(body));
  });

  it('changes with anything else', () => {
    expect(requestHash({ ...body, amount: 11 })).not.toBe(requestHash(body));
    expect(requestHash({ ...body, center: '2' })).not.toBe(requestHash(body));
    expect(requestHash({ ...body, products: [{ ...body.products[0], quantity: 2 } as never] })).not.toBe(
      requestHash(body),
    );
  });
});
