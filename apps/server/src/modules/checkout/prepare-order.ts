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
  withCheckoutRules,
} from '@store/shared/checkout';
import { type Currency, DEFAULT_CURRENCY } from '@store/shared/currencies';
import type { GiftAidDeclaration } from '@store/shared/gift-aid';
import { matchingEmployerOf, type Tribute, tributeOf } from '@store/shared/gift-extras';
import { dollarsToCents } from '@store/shared/money';
import { entityOfCenter } from '@store/shared/prices';
import { coveredFeeCents, deductibleFeeCents } from '@store/shared/processing-fee';
import { completeDonorAddress, receiptNeedsDonorAddress } from '@store/shared/receipt-address';
import type { Site } from '@store/shared/site';
import { AppError } from '#src/errors/app-error';
import { serverI18n } from '#src/i18n/server-i18n';
import type { DonorAddress, OrderDelivery, OrderProduct } from '#src/modules/ledger/index';
import { deductibleCents } from '#src/modules/receipts/deductible';
import { giftAidOf } from './gift-aid-declaration';
import { priceProducts } from './price-products';

export type PreparedOrder = {
  amountCents: number;
  /** The bucket's currency, which is the center's entity's; and that entity, whose series numbers it. */
  currency: Currency;
  entityKey: string;
  giftAid: GiftAidDeclaration | null;
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
  /** A Canadian center's gift without a complete address: its official receipt waits for one. */
  receiptAwaitsAddress: boolean;
  /** The processing fee the donor covers (part of amountCents and of the deductible part), in cents. */
  feeCoveredCents: number;
  /** The gift is in honour or memory of someone, with the card's recipient if one was asked for. */
  tribute: Tribute | null;
  /** The donor's employer matches gifts: its name. */
  matchingEmployer: string | null;
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
  shipped: withCheckoutRules(checkoutDetailsSchema, true),
  notShipped: withCheckoutRules(checkoutDetailsSchema, false),
};

type AddressFields = Pick<
  CheckoutRequest['customerDetails'],
  'donorStreet' | 'donorCity' | 'donorProvince' | 'donorPostalCode' | 'street' | 'city' | 'state' | 'zip'
>;

/**
 * The donor's address for a CRA receipt: the donor's own fields when all of them are there and
 * valid, else the street, city, state and zip SPEC.md §3 sends (the only address a SPEC-shaped
 * checkout has); null when neither is complete. Never a reason to refuse the gift: without it the
 * receipt is not official until the donor adds the address (receipt-address routes).
 */
function donorAddressOf(d: AddressFields): DonorAddress | null {
  return (
    completeDonorAddress({
      street: d.donorStreet,
      city: d.donorCity,
      province: d.donorProvince,
      postalCode: d.donorPostalCode,
    }) ?? completeDonorAddress({ street: d.street, city: d.city, province: d.state, postalCode: d.zip })
  );
}

/** A US center's order keeps the donor's own fields as typed, when all of them were given (as before). */
function usDonorAddress(d: AddressFields): DonorAddress | null {
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
  const details = (shipped ? detailsSchemas.shipped : detailsSchemas.notShipped).safeParse(body.customerDetails);
  if (!details.success) {
    for (const issue of details.error.issues) fields[`customerDetails.${issue.path.join('.')}`] ??= issue.message;
  }
  if (!center) fields['customerDetails.center'] ??= checkoutMessages.center;
  if (String(body.center).trim() !== body.customerDetails.center) fields.center = checkoutMessages.center;
  // A bucket holds one currency, and a center takes its entity's: nothing is charged across them.
  const currency = body.currency ?? DEFAULT_CURRENCY;
  const entity = center && entityOfCenter(site.entities, center);
  if (center && entity?.currency !== currency) {
    // In English like the body's other messages: only a stale or hand-made bucket meets it (the
    // checkout offers the centers of the visitor's country alone).
    fields['customerDetails.center'] ??= serverI18n('en')._(checkoutMessages.centerCurrency, {
      currency: entity?.currency ?? '?',
    });
  }
  const pricing = priceProducts(site, body.products, currency);
  if (!pricing.ok) Object.assign(fields, pricing.fields);
  const giftAid = entity && details.success && pricing.ok ? giftAidOf(entity, details.data, pricing.priced) : null;
  if (giftAid && !giftAid.ok) Object.assign(fields, giftAid.fields);
  if (!details.success || !center || !entity || !pricing.ok || Object.keys(fields).length > 0) {
    throw validationError(fields);
  }

  const { priced } = pricing;
  const d = details.data;
  // The fee is the server's own figure from the entity's setting, never the browser's: a total that
  // does not equal the bucket plus that fee is refused like a wrong price.
  const feeCoveredCents = d.coverFee === true ? coveredFeeCents(priced.totalCents, entity.processingFee) : 0;
  if (priced.totalCents + feeCoveredCents !== dollarsToCents(body.amount)) {
    throw new AppError('amount_mismatch', AMOUNT_MISMATCH_MESSAGE, { fields: { amount: AMOUNT_MISMATCH_MESSAGE } });
  }
  const pickup = isPickup(d);
  const giftDeductible = deductibleCents(priced.totalCents, priced.products);
  const canadian = receiptNeedsDonorAddress(center);
  // Only a CRA receipt prints the donor's address; a US center's order keeps one only as given before.
  const donorAddress = canadian ? donorAddressOf(d) : usDonorAddress(d);
  return {
    amountCents: priced.totalCents + feeCoveredCents,
    currency,
    entityKey: entity.key,
    giftAid: giftAid?.ok ? giftAid.declaration : null,
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
    deductibleCents: giftDeductible + deductibleFeeCents(feeCoveredCents, giftDeductible, priced.totalCents),
    donorAddress,
    receiptAwaitsAddress: canadian && donorAddress === null,
    feeCoveredCents,
    tribute: tributeOf(d),
    matchingEmployer: matchingEmployerOf(d),
  };
}
