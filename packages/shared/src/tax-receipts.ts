/**
 * Issue 20's addresses: where a donor and an administrator download a receipt's or a statement's
 * PDF. One definition for the server's routes and the pages' links.
 */

/** The signed-in donor's receipt (session cookie; their own orders only). */
export const accountReceiptPdfPath = (orderId: string) => `/api/account/receipts/${orderId}.pdf`;
/**
 * The signed-in donor's year-end statement for a calendar year (foundation's zone) from one legal
 * entity; without one, their default statement of the year (the US foundation's, or their only one).
 */
export const accountStatementPdfPath = (year: number, entity?: string) =>
  `/api/account/statements/${year}.pdf${entity ? `?entity=${encodeURIComponent(entity)}` : ''}`;
/** Any order's receipt, for an administrator (Basic auth, like /api/report-data). */
export const reportReceiptPdfPath = (orderId: string) => `/api/report/receipts/${orderId}.pdf`;

/** A receipt's download link or button: the visible text is 'PDF', the name says which receipt. */
export const receiptPdfLabel = (receiptNumber: string) => `Download receipt ${receiptNumber} (PDF)`;
