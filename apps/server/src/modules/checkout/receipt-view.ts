/**
 * Everything the receipt's two bodies (receipt-html.ts, receipt-text.ts) show, already formatted:
 * the HTML escapes it, the text prints it. receipt.ts makes it from the order. Its own file, so the
 * bodies and receipt.ts do not import each other.
 */
export type ReceiptView = {
  foundationName: string;
  foundationUrl: string;
  receiptNumber: string;
  date: string;
  donorName: string;
  studentName: string | null;
  items: { name: string; quantity: number; unitPrice: string; lineTotal: string }[];
  total: string;
  centerName: string;
  transactionId: string;
  /** "Pickup at …" or "Delivery to …"; null when the order has nothing to deliver. */
  fulfilment: string | null;
  orderId: string;
  statement: string;
};
