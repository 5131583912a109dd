/**
 * The texts and addresses of adding a donor's address to a CRA receipt (receipt-address.ts). A file
 * of its own, without zod, so the pages that only show them (the order's result page, the dashboard's
 * table) load without building the schemas.
 */
export const receiptAddressMessages = {
  street: 'Street address is required for an official receipt',
  city: 'City is required for an official receipt',
  province: 'Province must be a Canadian province or territory, such as ON or Ontario',
  postalCode: 'Postal code must be a Canadian postal code, such as M1V 1S8',
  notOfficial: 'This is not an official receipt for income tax purposes.',
  alreadyIssued: 'Your official receipt was already issued.',
  issued: (number: string) => `Your official receipt ${number} has been issued and e-mailed to you.`,
} as const;

/** The page the receipt e-mail's link opens: `${origin}${RECEIPT_ADDRESS_PATH}?token=…`. */
export const RECEIPT_ADDRESS_PATH = '/receipt-address';
/** The public API behind it (GET reads the gift, POST adds the address). */
export const RECEIPT_ADDRESS_API = '/api/public/receipt-address';
/** A signed-in donor adds the address of one of their own gifts from /dashboard. */
export const accountReceiptAddressPath = (orderId: string) => `/api/account/receipts/${orderId}/address`;
/** How long the e-mailed link works, from the gift's date: past it, /dashboard still does. */
export const RECEIPT_ADDRESS_LINK_DAYS = 90;
