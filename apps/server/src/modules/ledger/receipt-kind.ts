/**
 * The receipts' kinds in the mail outbox. Their own file: the settlement queues the receipt by this
 * kind and the order id without importing the templates; the mail worker calls the renderer
 * registered for it (receipt-renderer.ts).
 */
export const RECEIPT_KIND = 'receipt';
/** A corrected or void receipt, by the correction's id (correct-receipt.ts). */
export const RECEIPT_CORRECTION_KIND = 'receipt-correction';
/**
 * The CRA official receipt of a gift paid without the donor's address, issued when the address was
 * added (issue-official-receipt.ts), by order id: a kind of its own, so the outbox's (kind, subject)
 * key sends it once beside the first, not official, receipt.
 */
export const OFFICIAL_RECEIPT_KIND = 'receipt-official';
