/**
 * The receipts' kinds in the mail outbox. Their own file: the settlement queues the receipt by this
 * kind and the order id without importing the templates; the mail worker calls the renderer
 * registered for it (receipt-renderer.ts).
 */
export const RECEIPT_KIND = 'receipt';
/** A corrected or void receipt, by the correction's id (correct-receipt.ts). */
export const RECEIPT_CORRECTION_KIND = 'receipt-correction';
