/**
 * Turns a checkout body that passed the route's schema into the order to store, or refuses it with
 * 400 naming every bad field: the delivery rule (a partly typed address for the book), the center
 * (one of site.json's), the items (priced by the server), and the total the browser showed.
 */
import {
  type CheckoutRequest,
  checkoutDetailsSchema,
  checkoutMessages,
  isPickup,
  requiresDelivery,
  withDeliveryRule,
  withDonorAddressRule,
} from '@store/shared/checkout';
import { dollarsToCents } from '@store/shared/money';
import type { Site } from '@store/shared/site';
import { AppError } from '#src/errors/app-error';
import { deductibleCents } from '#src/modules/receipts/deductible';
import { priceProducts } from './price-products';
import type { DonorAddress, OrderDelivery, OrderProduct } from './tables';

export type PreparedOrder = {
  amountCents: number;
  centerId: number;
  centerName: string;
  firstName: string;
  lastName: string;
  studentName: string | null;
  email: string;
  mobile: string;
  delivery: OrderDelivery | null;
  products: OrderProduct[];
  itemCount: number;
  /** Issue 20: the part of the amount that is a gift, and the donor's address for a CRA receipt. */
  deductibleCents: number;
  donorAddress: DonorAddress | null;
};

export const AMOUNT_MISMATCH_MESSAGE =
  'The amount does not match the items in your bucket. Please review your bucket and try again.';

function validationError(fields: Record<string, string>): AppError {
  const list = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  return new AppError('validation_error', `Invalid request body: ${list}`, { fields });
}

/**
 * Both variants of the details schema, built once: zod compiles a schema on its first use, and a
 * schema built per request was compiled again for every checkout (bench/BENCHMARKS.md, "Checkout").
 */
const detailsSchemas = {
  shipped: {
    us: withDeliveryRule(checkoutDetailsSchema, true),
    ca: withDonorAddressRule(withDeliveryRule(checkoutDetailsSchema, true), true),
  },
  notShipped: {
    us: withDeliveryRule(checkoutDetailsSchema, false),
    ca: withDonorAddressRule(withDeliveryRule(checkoutDetailsSchema, false), true),
  },
};

/** The donor's address when all of it was given (required for a Canadian center, optional otherwise). */
function donorAddressOf(d: {
  donorStreet?: string | undefined;
  donorCity?: string | undefined;
  donorProvince?: string | undefined;
  donorPostalCode?: string | undefined;
}): DonorAddress | null {
  if (!d.donorStreet || !d.donorCity || !d.donorProvince || !d.donorPostalCode) return null;
  return { street: d.donorStreet, city: d.donorCity, province: d.donorProvince, postalCode: d.donorPostalCode };
}

export function prepareOrder(site: Site, body: CheckoutRequest): PreparedOrder {
  const fields: Record<string, string> = {};
  // The form's center, confirmed by the top-level `center` SPEC.md §7 sends beside it.
  const centerId = Number(body.customerDetails.center);
  // An archived center (issue 21) takes no new gifts; its old orders keep it.
  const center = site.centers.find((c) => c.id === centerId && !c.archived);
  const shipped = requiresDelivery(body.products);
  const schemas = shipped ? detailsSchemas.shipped : detailsSchemas.notShipped;
  // A Canadian center's receipt is a CRA official receipt: it needs the donor's address.
  const details = (center?.country === 'CA' ? schemas.ca : schemas.us).safeParse(body.customerDetails);
  if (!details.success) {
    for (const issue of details.error.issues) fields[`customerDetails.${issue.path.join('.')}`] ??= issue.message;
  }
  if (!center) fields['customerDetails.center'] ??= checkoutMessages.center;
  if (String(body.center).trim() !== body.customerDetails.center) fields.center = checkoutMessages.center;
  const pricing = priceProducts(site, body.products);
  if (!pricing.ok) Object.assign(fields, pricing.fields);
  if (!details.success || !center || !pricing.ok || Object.keys(fields).length > 0) throw validationError(fields);

  const { priced } = pricing;
  if (priced.totalCents !== dollarsToCents(body.amount)) {
    throw new AppError('amount_mismatch', AMOUNT_MISMATCH_MESSAGE, { fields: { amount: AMOUNT_MISMATCH_MESSAGE } });
  }
  const d = details.data;
  const pickup = isPickup(d);
  return {
    amountCents: priced.totalCents,
    centerId: center.id,
    centerName: center.name,
    firstName: d.cardFirstName,
    lastName: d.cardLastName,
    studentName: d.studentName || null,
    email: d.email,
    mobile: d.mobile,
    // An address only when something is shipped and not collected: nothing else needs one.
    delivery: shipped
      ? pickup
        ? { pickup }
        : { pickup, street: d.street, city: d.city, state: d.state, zip: d.zip }
      : null,
    products: priced.products,
    itemCount: priced.itemCount,
    deductibleCents: deductibleCents(priced.totalCents, priced.products),
    donorAddress: donorAddressOf(d),
  };
}
