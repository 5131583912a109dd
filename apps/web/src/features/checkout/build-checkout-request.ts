/** The body of POST /api/public/payment/checkout (SPEC.md §7), from the validated form and the bucket. */
import type { CartLine } from '@store/shared/cart';
import type { CheckoutDetails, CheckoutRequest } from '@store/shared/checkout';
import { type Currency, DEFAULT_CURRENCY } from '@store/shared/currencies';

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
  /** The bucket's currency; US dollars are SPEC.md's request, which names none. */
  currency?: Currency | undefined;
  /** The chosen center is the UK charity's: the Gift Aid declaration, when ticked, goes with it. */
  withGiftAid?: boolean | undefined;
  /** What covering the processing fee adds (cover-fee-option.tsx); charged when `coverFee` is ticked. */
  feeCents?: number | undefined;
};

export function buildCheckoutRequest(input: BuildCheckoutRequestInput): CheckoutRequest {
  const { details, lines, totalCents, nonce, recaptchaToken, withDelivery, withDonorAddress, currency } = input;
  // The server works the fee out itself and refuses a total that is not the bucket's plus it.
  const coverFee = input.details.coverFee === true;
  const amount = (totalCents + (coverFee ? (input.feeCents ?? 0) : 0)) / 100;
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
    giftAid,
    giftAidHouse,
    giftAidPostcode,
    tributeKind,
    tributeName,
    tributeMessage,
    tributeCardName,
    tributeCardEmail,
    tributeShowAmount,
    employerMatches,
    employerName,
    coverFee: _coverFee,
    ...contact
  } = details;
  // An address typed before ticking "pick up" is not the donor's choice any more: leave it out.
  const delivery = !withDelivery ? {} : pickup ? { pickup: true } : { pickup: false, street, city, state, zip };
  // Likewise an address typed for a Canadian center before choosing a US one.
  const donorAddress = withDonorAddress ? { donorStreet, donorCity, donorProvince, donorPostalCode } : {};
  // A declaration ticked for a UK center, then a center of another country chosen, is not made.
  const declaration = input.withGiftAid && giftAid === true ? { giftAid, giftAidHouse, giftAidPostcode } : {};
  // A tribute only when one is chosen; its card only when the donor asked for one (tribute-fieldset.tsx).
  const card =
    tributeCardName || tributeCardEmail
      ? { tributeCardName, tributeCardEmail, tributeShowAmount: tributeShowAmount === true }
      : {};
  const tribute = tributeKind
    ? { tributeKind, tributeName, ...(tributeMessage ? { tributeMessage } : {}), ...card }
    : {};
  // The employer only when the box is ticked: a name typed, then the box unticked, is not sent.
  const matching = employerMatches === true ? { employerMatches, employerName } : {};
  return {
    nonce,
    amount,
    // SPEC.md §7: the whole form, amount included.
    customerDetails: {
      ...contact,
      ...(studentName ? { studentName } : {}),
      ...delivery,
      ...donorAddress,
      ...declaration,
      ...tribute,
      ...matching,
      // Covering the fee only when ticked: without it the server charges the bucket's total alone.
      ...(coverFee ? { coverFee } : {}),
      amount,
    },
    products: [...lines],
    center: details.center,
    recaptchaToken,
    ...(currency && currency !== DEFAULT_CURRENCY ? { currency } : {}),
  };
}
