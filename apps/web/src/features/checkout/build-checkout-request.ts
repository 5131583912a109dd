/** The body of POST /api/public/payment/checkout (SPEC.md §7), from the validated form and the bucket. */
import type { CartLine } from '@store/shared/cart';
import type { CheckoutDetails, CheckoutRequest } from '@store/shared/checkout';

type BuildCheckoutRequestInput = {
  details: CheckoutDetails;
  lines: readonly CartLine[];
  totalCents: number;
  nonce: string;
  recaptchaToken: string;
  /** The bucket holds something to ship, so the delivery choice belongs to the order. */
  withDelivery: boolean;
  /** The chosen center is Canadian: its official receipt carries the donor's address (issue 20). */
  withDonorAddress: boolean;
};

export function buildCheckoutRequest(input: BuildCheckoutRequestInput): CheckoutRequest {
  const { details, lines, totalCents, nonce, recaptchaToken, withDelivery, withDonorAddress } = input;
  const amount = totalCents / 100;
  const {
    street,
    city,
    state,
    zip,
    pickup,
    studentName,
    donorStreet,
    donorCity,
    donorProvince,
    donorPostalCode,
    ...contact
  } = details;
  // An address typed before ticking "pick up" is not the donor's choice any more: leave it out.
  const delivery = !withDelivery ? {} : pickup ? { pickup: true } : { pickup: false, street, city, state, zip };
  // Likewise an address typed for a Canadian center before choosing a US one.
  const donorAddress = withDonorAddress ? { donorStreet, donorCity, donorProvince, donorPostalCode } : {};
  return {
    nonce,
    amount,
    // SPEC.md §7: the whole form, amount included.
    customerDetails: { ...contact, ...(studentName ? { studentName } : {}), ...delivery, ...donorAddress, amount },
    products: [...lines],
    center: details.center,
    recaptchaToken,
  };
}
