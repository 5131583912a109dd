import { describe, expect, it } from 'vitest';
import {
  checkoutDetailsSchema,
  checkoutMessages,
  checkoutRequestSchema,
  isPickup,
  requiresDelivery,
  withCheckoutRules,
} from './checkout';

const details = {
  center: '2',
  cardFirstName: 'Asha',
  cardLastName: 'Rao',
  email: 'asha@example.org',
  mobile: '5125550123',
};

function fieldErrors(input: unknown, schema = checkoutDetailsSchema): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('checkout form rules (SPEC.md §5)', () => {
  it('accepts a complete form', () => {
    expect(fieldErrors(details)).toEqual({});
  });

  it('says an empty mobile is required, and only that', () => {
    const result = checkoutDetailsSchema.safeParse({ ...details, mobile: '  ' });
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual(['Mobile number is required']);
  });

  it('names every missing field with the spec message', () => {
    expect(fieldErrors({ center: '', cardFirstName: ' ', cardLastName: '', email: '', mobile: '' })).toEqual({
      center: checkoutMessages.center,
      cardFirstName: 'First name is required',
      cardLastName: 'Last name is required',
      email: 'Email is required',
      mobile: 'Mobile number is required',
    });
  });

  it('checks the email format and the 10-digit mobile', () => {
    expect(fieldErrors({ ...details, email: 'not-an-email', mobile: '12345' })).toEqual({
      email: 'Invalid email format',
      mobile: 'Mobile number must be 10 digits',
    });
    expect(fieldErrors({ ...details, mobile: '51255501234' })).toEqual({ mobile: 'Mobile number must be 10 digits' });
  });

  it('accepts a mobile typed with punctuation as its ten digits; other junk still fails', () => {
    expect(checkoutDetailsSchema.parse({ ...details, mobile: '(555) 123-4567' }).mobile).toBe('5551234567');
    expect(checkoutDetailsSchema.parse({ ...details, mobile: ' 555.123.4567 ' }).mobile).toBe('5551234567');
    for (const mobile of ['555-123-456x', '+1 555 123 4567', '(555) 123-456', '555/123/4567']) {
      expect(fieldErrors({ ...details, mobile })).toEqual({ mobile: 'Mobile number must be 10 digits' });
    }
  });

  it('leaves the book’s delivery optional: no address and no pickup means pickup at the center', () => {
    const schema = withCheckoutRules(checkoutDetailsSchema, true);
    expect(fieldErrors(details, schema)).toEqual({});
    expect(isPickup(schema.parse(details))).toBe(true);
    expect(fieldErrors({ ...details, pickup: true }, schema)).toEqual({});
    const address = { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
    expect(fieldErrors({ ...details, ...address }, schema)).toEqual({});
    expect(isPickup(schema.parse({ ...details, ...address }))).toBe(false);
    expect(fieldErrors(details, withCheckoutRules(checkoutDetailsSchema, false))).toEqual({});
  });

  it('names the missing parts of a partly typed address together with the other missing fields', () => {
    const schema = withCheckoutRules(checkoutDetailsSchema, true);
    expect(fieldErrors({ ...details, email: '', street: '1 Main St' }, schema)).toEqual({
      email: 'Email is required',
      city: checkoutMessages.city,
      state: checkoutMessages.state,
      zip: checkoutMessages.zip,
    });
    expect(fieldErrors({ ...details, mobile: '', zip: '78701' }, schema)).toEqual({
      mobile: 'Mobile number is required',
      street: checkoutMessages.street,
      city: checkoutMessages.city,
      state: checkoutMessages.state,
    });
    expect(fieldErrors({ ...details, email: '', zip: '78701', pickup: true }, schema)).toEqual({
      email: 'Email is required',
    });
  });

  it('knows the book is shipped', () => {
    expect(requiresDelivery([{ id: 9 }])).toBe(true);
    expect(requiresDelivery([{ id: 7 }, { id: 101 }])).toBe(false);
  });
});

describe('checkout request', () => {
  const body = {
    nonce: 'fake-valid-nonce',
    amount: 5,
    customerDetails: details,
    products: [{ key: '9', id: 9, name: 'Book', price: 5, quantity: 1 }],
    center: '2',
  };

  it('accepts the body SPEC.md §7 describes', () => {
    expect(checkoutRequestSchema.safeParse(body).success).toBe(true);
  });

  it('derives a missing line key from the id, and for open amounts the price; drops unknown fields', () => {
    const products = [
      { id: 9, name: 'Book', price: 5, quantity: 1, desc: 'poems' },
      { id: 7, name: 'SGS Vagdevi Center - $25.50', price: 25.5, quantity: 1 },
    ];
    const parsed = checkoutRequestSchema.parse({ ...body, amount: 30.5, products });
    expect(parsed.products).toEqual([
      { key: '9', id: 9, name: 'Book', price: 5, quantity: 1 },
      { key: '7:2550', id: 7, name: 'SGS Vagdevi Center - $25.50', price: 25.5, quantity: 1 },
    ]);
  });

  it('refuses a total in fractions of a cent', () => {
    for (const amount of [5.001, 4.999, 5.005]) {
      const result = checkoutRequestSchema.safeParse({ ...body, amount });
      expect(
        result.error?.issues.map((i) => i.message),
        String(amount),
      ).toEqual(['Amount must be in whole cents.']);
    }
  });

  it('refuses an empty bucket, a non-positive amount and a missing nonce', () => {
    const result = checkoutRequestSchema.safeParse({ ...body, products: [], amount: -1, nonce: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['amount', 'nonce', 'products']);
  });
});
