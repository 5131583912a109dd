/**
 * The checkout's rules (SPEC.md §3 "Checkout form", §5 "Checkout", §7): ONE schema serves the
 * checkout form (react-hook-form's zod resolver) and POST /api/public/payment/checkout.
 */
import { z } from 'zod';
import { checkoutLineSchema } from './cart-schema';
import { checkoutMessages } from './checkout-messages';
import { CURRENCIES } from './currencies';
import { giftAidFieldsSchema } from './gift-aid';
import { giftExtrasFieldsSchema, giftExtrasIssues } from './gift-extras';
import { checkoutMatchingSchema } from './matching';
import { isWholeCents, MAX_AMOUNT_CENTS } from './money';
import { PAYMENT_METHODS } from './payment-methods';
import { AT_MOST, type TextLimit as Limit } from './text-limits';

export { checkoutMessages };

const required = (message: string, max: Limit = 100) => z.string().trim().min(1, message).max(max, AT_MOST[max]);
/** Ten digits, optionally grouped by spaces, dashes, dots or parentheses; nothing else. */
function isTenDigitPhone(value: string): boolean {
  return /^[\d\s().-]+$/.test(value) && value.replace(/\D/g, '').length === 10;
}
const optionalText = (max: Limit) => z.string().trim().max(max, AT_MOST[max]).optional();

/** The form's fields. The center is the `<select>` value: a center id as text. */
export const checkoutDetailsSchema = z.object({
  center: z.string().regex(/^[1-9]\d{0,8}$/, checkoutMessages.center),
  cardFirstName: required(checkoutMessages.cardFirstName),
  cardLastName: required(checkoutMessages.cardLastName),
  studentName: optionalText(200),
  email: z
    .string()
    .trim()
    .min(1, checkoutMessages.emailRequired)
    .max(254, AT_MOST[254])
    .pipe(z.email(checkoutMessages.emailFormat)),
  mobile: z
    .string()
    .trim()
    .min(1, checkoutMessages.mobileRequired)
    // Empty passes here: an empty field says only that it is required, not also that it lacks 10
    // digits. (Not `abort: true`, which would also silence the delivery rule of withDeliveryRule.)
    // SPEC.md's rule counts digits: "(555) 123-4567" is ten of them, with the usual punctuation.
    .refine((value) => value === '' || isTenDigitPhone(value), checkoutMessages.mobileDigits)
    // Stored as the digits alone, however they were typed.
    .transform((value) => value.replace(/\D/g, '')),
  street: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  /** Collect the book at the chosen center instead of having it delivered. */
  pickup: z.boolean().optional(),
  /**
   * The donor's own address for a tax receipt (issue 20), asked when the chosen center is Canadian.
   * Optional like every field SPEC.md §5 does not list: without a complete one (or a complete
   * street, city, state and zip), the gift's receipt is not an official one until the donor adds it
   * (receipt-address.ts).
   */
  donorStreet: optionalText(200),
  donorCity: optionalText(100),
  donorProvince: optionalText(100),
  donorPostalCode: optionalText(20),
  /** A UK center's gift: the donor's Gift Aid declaration (gift-aid.ts), checked by the server. */
  ...giftAidFieldsSchema.shape,
  /** The fee covered, a tribute, an employer's match (gift-extras.ts). */
  ...giftExtrasFieldsSchema.shape,
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

const ADDRESS_FIELDS = ['street', 'city', 'state', 'zip'] as const;

/** True when any part of a delivery address was typed. */
export function hasAddress(details: Partial<Pick<CheckoutDetails, (typeof ADDRESS_FIELDS)[number]>>): boolean {
  return ADDRESS_FIELDS.some((field) => Boolean(details[field]));
}

/**
 * The rules between the form's fields, run by the form and the server alike:
 *  - when the bucket holds something to ship (the book), the donor may give a delivery address or
 *    tick pickup; both are optional (SPEC.md §3, §5 "Other fields are optional"), and with neither
 *    the book is picked up at the chosen center. Only a partly typed address is refused, naming the
 *    parts missing: half an address could not be shipped to;
 *  - a tribute names its person, its card a recipient and address; a match names the employer
 *    (gift-extras.ts).
 */
export function withCheckoutRules<T extends z.ZodType<CheckoutDetails>>(schema: T, requiresDelivery: boolean) {
  return schema.superRefine(
    (details, ctx) => {
      for (const [field, message] of giftExtrasIssues(details))
        ctx.addIssue({ code: 'custom', path: [field], message });
      if (!requiresDelivery || details.pickup === true || !hasAddress(details)) return;
      for (const field of ADDRESS_FIELDS) {
        if (!details[field]) ctx.addIssue({ code: 'custom', path: [field], message: checkoutMessages[field] });
      }
    },
    {
      // Run even when other fields already failed (zod skips refinements then by default), so the
      // form and a 400 name every missing part together with everything else in one go. The rules
      // only read fields as truthy (and a string as an address), which is safe on any object.
      when: ({ value }) => typeof value === 'object' && value !== null,
    },
  );
}

/** With neither pickup nor an address, the book is picked up at the center. */
export function isPickup(details: Pick<CheckoutDetails, 'pickup' | (typeof ADDRESS_FIELDS)[number]>): boolean {
  return details.pickup === true || !hasAddress(details);
}

/** Item ids that are shipped (the book, SPEC.md §3 id 9). */
export const SHIPPABLE_ITEM_IDS: readonly number[] = [9];

export function requiresDelivery(products: readonly { id: number }[]): boolean {
  return products.some((p) => SHIPPABLE_ITEM_IDS.includes(p.id));
}

/** POST /api/public/payment/checkout, as SPEC.md §7 names it. Amount in dollars, as the browser shows it. */
export const checkoutRequestSchema = z.object({
  nonce: z.string().min(1, 'nonce is required').max(4096),
  amount: z
    .number(checkoutMessages.amount)
    .positive(checkoutMessages.amount)
    .max(MAX_AMOUNT_CENTS / 100)
    // A total of 9.991 would otherwise be rounded to the 9.99 the bucket costs and charged: the
    // client's total must be exactly what it showed, in cents (found by the reliability fuzz).
    .refine(isWholeCents, checkoutMessages.amountCents),
  customerDetails: checkoutDetailsSchema.extend({ amount: z.number().optional() }),
  products: z.array(checkoutLineSchema).min(1, checkoutMessages.emptyBucket).max(100),
  center: z.union([z.string().max(20), z.number().int()]),
  recaptchaToken: z.string().max(20_000).optional(),
  /**
   * The bucket's currency: the amount and every price are in it, and it must be the chosen center's
   * entity's (site.ts `entities`). Absent: US dollars, as SPEC.md §7's request has it.
   */
  currency: z.enum(CURRENCIES, 'currency must be USD, CAD or GBP').optional(),
  /**
   * The method the donor chose (payment-methods.ts). The gateway's answer says how a sale
   * was paid; this only tells PayPal Credit from PayPal, which Braintree's answer does not.
   */
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** One line of a charged order, as the server priced it. Amounts in dollars, as the request's. */
export const checkoutReceiptItemSchema = z.object({
  name: z.string(),
  quantity: z.number().int(),
  /** The line's total (unit price times quantity), in dollars. */
  amount: z.number(),
});
export type CheckoutReceiptItem = z.infer<typeof checkoutReceiptItemSchema>;

/**
 * 200: the card was charged. SPEC.md §7's client reads `success` and `transactionId`; the rest is
 * what the receipt e-mail says, so the thank-you page can show it (issue 17): the receipt's number,
 * the total charged (dollars), the address the receipt goes to, and the lines.
 */
export const checkoutSucceededSchema = z.object({
  success: z.literal(true),
  transactionId: z.string(),
  orderId: z.string(),
  receiptNumber: z.string(),
  amount: z.number(),
  /** The currency of `amount` and the lines (absent on answers stored before entities: USD). */
  currency: z.enum(CURRENCIES).optional(),
  /** A UK gift's Gift Aid declaration was made (its receipt says so). */
  giftAid: z.boolean().optional(),
  /** Issue 20: the tax-deductible (CRA: eligible) part of the amount, in dollars. */
  deductible: z.number().optional(),
  email: z.string(),
  items: z.array(checkoutReceiptItemSchema),
  /**
   * A Canadian center's gift made without the donor's address: its receipt is not an official one
   * (receiptNumber is then the order's reference, not a receipt number) until the address is added
   * from the receipt e-mail's link or /dashboard.
   */
  receiptAwaitsAddress: z.boolean().optional(),
  /**
   * Issue 22: the monthly gifts this checkout started (their first month is in `items`): each is
   * charged `amount` dollars on the `billingDay` of each month from the next one on.
   */
  monthly: z.array(z.object({ name: z.string(), amount: z.number(), billingDay: z.number().int() })).optional(),
  /** The donor's employer matches gifts: the next steps' legal name and tax number (matching.ts). */
  matching: checkoutMatchingSchema.optional(),
  /** The processing fee the donor covered, in dollars: part of `amount` (absent when none). */
  feeCovered: z.number().optional(),
  /** How the gift was paid, as the receipt names it ('PayPal', 'Apple Pay, Visa ending in 8886'). */
  paymentMethod: z.string().optional(),
  /**
   * The gift's tribute asked for an e-mail card: to whom (the thank-you page says so), and `held`
   * when the recipient's address has had its day's cards (the relay limit): this one is not sent.
   */
  tributeCard: z.object({ name: z.string(), held: z.boolean().optional() }).optional(),
});
export type CheckoutSucceeded = z.infer<typeof checkoutSucceededSchema>;
/** 402: the gateway declined the card; the order is kept as failed. */
export const checkoutDeclinedSchema = z.object({ success: z.literal(false), message: z.string(), orderId: z.string() });
export type CheckoutDeclined = z.infer<typeof checkoutDeclinedSchema>;
/** The checkout's answer as the browser reads it (200 or 402); every other status is an API error. */
export const checkoutResponseSchema = z.union([checkoutSucceededSchema, checkoutDeclinedSchema]);
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

/** GET /api/public/payment/token */
export const clientTokenResponseSchema = z.object({
  clientToken: z.string().min(1),
  gateway: z.enum(['sandbox', 'braintree']),
});
export type ClientTokenResponse = z.infer<typeof clientTokenResponseSchema>;

/** The Idempotency-Key header: a UUID the browser makes per order attempt. */
export const idempotencyKeySchema = z.uuid('Idempotency-Key must be a UUID');
