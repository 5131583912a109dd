/**
 * Everything the receipt's two bodies (receipt-html.ts, receipt-text.ts) show, already formatted:
 * the HTML escapes it, the text prints it. receipt.ts makes it from the order. Its own file, so the
 * bodies and receipt.ts do not import each other.
 */
/** Issue 18: said by the subject and both bodies of a test order's receipt. */
export const TEST_RECEIPT_NOTICE = 'TEST – no payment was taken';

export type ReceiptView = {
  /**
   * TEST_RECEIPT_NOTICE for a test order (taken by a gateway that moves no money), else null: the
   * subject and both bodies then say so, and the receipt makes no tax claim.
   */
  testNotice: string | null;
  /** The sentence after the greeting. */
  opening: string;
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
