/** The checkout form's values as typed (before the shared schema trims and checks them). */
import { type CheckoutDetails, checkoutDetailsSchema } from '@store/shared/checkout';
import type { z } from 'zod';

export type CheckoutFormValues = z.input<typeof checkoutDetailsSchema>;
export type CheckoutFieldName = keyof CheckoutDetails;

export const CHECKOUT_FIELD_NAMES: readonly CheckoutFieldName[] = checkoutDetailsSchema.keyof().options;

export const DELIVERY_FIELDS = ['street', 'city', 'state', 'zip'] as const satisfies readonly CheckoutFieldName[];

export const emptyCheckoutForm: CheckoutFormValues = {
  center: '',
  cardFirstName: '',
  cardLastName: '',
  studentName: '',
  email: '',
  mobile: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  pickup: false,
  donorStreet: '',
  donorCity: '',
  donorProvince: '',
  donorPostalCode: '',
  giftAid: false,
  giftAidHouse: '',
  giftAidPostcode: '',
  tributeName: '',
  tributeMessage: '',
  tributeCardName: '',
  tributeCardEmail: '',
  tributeShowAmount: false,
  employerMatches: false,
  employerName: '',
};

/**
 * The server names refused fields by their path in the request (`customerDetails.email`, `center`);
 * this finds the form field each belongs to, or null for parts of the request that are not fields.
 */
export function formFieldOf(path: string): CheckoutFieldName | null {
  const name = path.replace(/^customerDetails\./, '');
  return CHECKOUT_FIELD_NAMES.find((field) => field === name) ?? null;
}
