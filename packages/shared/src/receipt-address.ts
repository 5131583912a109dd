/**
 * The donor's address on a CRA official donation receipt: the CRA requires the donor's name and
 * address on it. One rule for the checkout (an address given there makes the receipt official at
 * once), the page the receipt e-mail's link opens, and the dashboard's form (either issues the
 * official receipt of a gift made without it).
 */
import { z } from 'zod';
import { receiptAddressMessages } from './receipt-address-messages';

export * from './receipt-address-messages';

/**
 * Whether a center's receipts need the donor's address: a Canadian center's are CRA official
 * donation receipts, which must show it. The checkout then asks for it (without it the gift is
 * taken and its official receipt waits, unnumbered, for the address); an offline gift is refused
 * without it, since the treasurer entering it has the cheque or the donor at hand.
 */
export function receiptNeedsDonorAddress(center: { country: string }): boolean {
  return center.country === 'CA';
}

/** The parts of the address, in the order a form asks them. */
export const DONOR_ADDRESS_PARTS = ['street', 'city', 'province', 'postalCode'] as const;

/** Canada's provinces and territories: the code is stored, the code or the name is accepted. */
export const CANADIAN_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

function provinceCode(value: string): string | undefined {
  const typed = value
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.|\s+/g, ' ')
    .trim()
    .toLowerCase();
  return Object.entries(CANADIAN_PROVINCES).find(
    ([code, name]) => code.toLowerCase() === typed.replace(/ /g, '') || name.toLowerCase() === typed,
  )?.[0];
}

/** The letters Canada Post uses (no D, F, I, O, Q, U; no W or Z first). */
const POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/** `tooLong` names `max` (a literal each, so the message catalogues can hold it). */
const required = (message: string, max: number, tooLong: string) =>
  z.string(message).trim().min(1, message).max(max, tooLong);

/** A complete address, normalized: the province's code, the postal code as `A1A 1A1`. */
export const donorAddressSchema = z.object({
  street: required(receiptAddressMessages.street, 200, receiptAddressMessages.streetTooLong),
  city: required(receiptAddressMessages.city, 100, receiptAddressMessages.cityTooLong),
  province: z
    .string(receiptAddressMessages.province)
    .max(100, receiptAddressMessages.province)
    .transform((value, ctx) => {
      const code = provinceCode(value);
      if (code) return code;
      ctx.addIssue({ code: 'custom', message: receiptAddressMessages.province });
      return z.NEVER;
    }),
  postalCode: z
    .string(receiptAddressMessages.postalCode)
    .max(20, receiptAddressMessages.postalCode)
    .transform((value, ctx) => {
      const match = POSTAL_CODE.exec(value.trim().toUpperCase());
      if (match) return `${match[1]} ${match[2]}`;
      ctx.addIssue({ code: 'custom', message: receiptAddressMessages.postalCode });
      return z.NEVER;
    }),
});
export type DonorAddressInput = z.input<typeof donorAddressSchema>;
export type DonorAddressValue = z.output<typeof donorAddressSchema>;

/** The address when every part of it is there and valid; null for none, part of one, or a bad one. */
export function completeDonorAddress(parts: Partial<Record<keyof DonorAddressInput, string | undefined>>) {
  const parsed = donorAddressSchema.safeParse(parts);
  return parsed.success ? parsed.data : null;
}

/** POST /api/public/receipt-address: the e-mailed link's token and the address. */
export const receiptAddressRequestSchema = donorAddressSchema.extend({
  token: z.string('token is required').min(1, 'token is required').max(200, 'token is too long'),
});
export type ReceiptAddressRequest = z.input<typeof receiptAddressRequestSchema>;

/** What the link's page shows before the donor types: which gift, and whether it is done already. */
export const receiptAddressGiftSchema = z.object({
  donorName: z.string(),
  center: z.string(),
  amount: z.number(),
  /** When the gift was made: an ISO instant, or the calendar day 'YYYY-MM-DD' of a gift that has only a date (an offline gift's date received). */
  date: z.string(),
  /** Set once the official receipt is issued. */
  receiptNumber: z.string().nullable(),
});
export type ReceiptAddressGift = z.infer<typeof receiptAddressGiftSchema>;

/** 200 from either form: the official receipt just issued. */
export const receiptIssuedSchema = z.object({ receiptNumber: z.string(), message: z.string() });
export type ReceiptIssued = z.infer<typeof receiptIssuedSchema>;
