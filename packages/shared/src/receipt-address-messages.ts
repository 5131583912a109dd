/**
 * The texts and addresses of adding a donor's address to a CRA receipt (receipt-address.ts). A file
 * of its own, without zod, so the pages that only show them (the order's result page, the dashboard's
 * table) load without building the schemas. The texts are marked for the message catalogues
 * (decision 0042): the pages show them with `i18n._(...)`, the server in English.
 */
export const receiptAddressMessages = {
  street: /*i18n*/ 'Street address is required for an official receipt',
  streetTooLong: /*i18n*/ 'At most 200 characters',
  city: /*i18n*/ 'City is required for an official receipt',
  cityTooLong: /*i18n*/ 'At most 100 characters',
  province: /*i18n*/ 'Province must be a Canadian province or territory, such as ON or Ontario',
  postalCode: /*i18n*/ 'Postal code must be a Canadian postal code, such as M1V 1S8',
  notOfficial: /*i18n*/ 'This is not an official receipt for income tax purposes.',
  alreadyIssued: /*i18n*/ 'Your official receipt was already issued.',
  /** `{number}`: the official receipt's number. */
  issued: /*i18n*/ 'Your official receipt {number} has been issued and e-mailed to you.',
} as const;

/** The page the receipt e-mail's link opens: `${origin}${RECEIPT_ADDRESS_PATH}?token=…`. */
export const RECEIPT_ADDRESS_PATH = '/receipt-address';
/** The public API behind it (GET reads the gift, POST adds the address). */
export const RECEIPT_ADDRESS_API = '/api/public/receipt-address';
/** A signed-in donor adds the address of one of their own gifts from /dashboard. */
export const accountReceiptAddressPath = (orderId: string) => `/api/account/receipts/${orderId}/address`;
/** How long the e-mailed link works, from the gift's date: past it, /dashboard still does. */
export const RECEIPT_ADDRESS_LINK_DAYS = 90;
