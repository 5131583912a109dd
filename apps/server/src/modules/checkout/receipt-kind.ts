/**
 * The receipt's kind in the mail outbox. Its own file: the settlement queues the receipt by this
 * kind and the order id without importing the templates; the mail worker calls the renderer
 * registered for it (receipt-renderer.ts).
 */
export const RECEIPT_KIND = 'receipt';
