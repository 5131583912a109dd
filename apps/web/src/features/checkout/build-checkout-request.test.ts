import { checkoutRequestSchema } from '@store/shared/checkout';
import { describe, expect, test } from 'vitest';
import { bookLine, vagdevi25 } from '#src/test/checkout-doubles';
import { buildCheckoutRequest } from './build-checkout-request';

const details = {
  center: '2',
  cardFirstName: 'Asha',
  cardLastName: 'Rao',
  studentName: '',
  email: 'asha@example.org',
  mobile: '5125550100',
  street: '12 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  pickup: false,
};
const base = {
  details,
  lines: [bookLine, vagdevi25],
  totalCents: 3000,
  nonce: 'n',
  recaptchaToken: 'c',
  withDonorAddress: false,
};

describe('buildCheckoutRequest', () => {
  test('sends the form with the amount in dollars, the lines and the center; the server schema accepts it', () => {
    const body = buildCheckoutRequest({ ...base, withDelivery: true });
    expect(body).toEqual({
      nonce: 'n',
      amount: 30,
      customerDetails: {
        center: '2',
        cardFirstName: 'Asha',
        cardLastName: 'Rao',
        email: 'asha@example.org',
        mobile: '5125550100',
        pickup: false,
        street: '12 Main St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        amount: 30,
      },
      products: [bookLine, vagdevi25],
      center: '2',
      recaptchaToken: 'c',
    });
    expect(checkoutRequestSchema.safeParse(body).success).toBe(true);
  });

  test('pickup leaves the address out; no delivery without something to ship', () => {
    const pickup = buildCheckoutRequest({ ...base, details: { ...details, pickup: true }, withDelivery: true });
    expect(pickup.customerDetails).toMatchObject({ pickup: true });
    expect(pickup.customerDetails).not.toHaveProperty('street');
    const none = buildCheckoutRequest({ ...base, lines: [vagdevi25], totalCents: 2500, withDelivery: false });
    expect(none.customerDetails).not.toHaveProperty('pickup');
    expect(none.customerDetails).not.toHaveProperty('zip');
    expect(none.amount).toBe(25);
  });

  test("a Canadian center's order carries the donor's address; any other leaves it out", () => {
    const donorAddress = {
      donorStreet: '3085 Kennedy Rd',
      donorCity: 'Scarborough',
      donorProvince: 'ON',
      donorPostalCode: 'M1V 1S8',
    };
    const withAddress = { ...details, center: '7', ...donorAddress };
    const canadian = buildCheckoutRequest({
      ...base,
      details: withAddress,
      withDelivery: false,
      withDonorAddress: true,
    });
    expect(canadian.customerDetails).toMatchObject(donorAddress);
    expect(checkoutRequestSchema.safeParse(canadian).success).toBe(true);
    const other = buildCheckoutRequest({ ...base, details: { ...withAddress, center: '2' }, withDelivery: false });
    for (const field of Object.keys(donorAddress)) expect(other.customerDetails).not.toHaveProperty(field);
  });

  test('a cent total stays exact in dollars', () => {
    expect(buildCheckoutRequest({ ...base, totalCents: 1999, withDelivery: false }).amount).toBe(19.99);
  });
});
