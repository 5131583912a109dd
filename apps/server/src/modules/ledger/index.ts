/**
 * The ledger: every order (a checkout's, a monthly charge's, an offline gift's), its lines, its
 * settlement, its receipt's number in its entity's series, its receipts' corrections, and the
 * declines the card-testing limit counts. This file is its public surface: the checkout, refunds,
 * offline gifts, monthly billing, the report and the rest import the ledger from here alone, never a
 * file inside it (.dependency-cruiser.cjs "ledger-public-surface"; decision 0041). They write the
 * ledger's tables only through the functions below (test/ledger-writes.test.ts).
 */
export { claimStalePendingOrders, type StaleOrdersClaim } from './claim-stale-pending-orders';
export {
  type CorrectionWriter,
  issueReceiptCorrection,
  issueReceiptCorrectionIn,
  type ReceiptCorrectionInput,
} from './correct-receipt';
export { failPaidOrder } from './fail-paid-order';
export { fillOrderRates } from './fill-order-rates';
export {
  insertNumberedOfflineOrder,
  type OfflineOrderValues,
  type OfflineReceiptSeries,
} from './insert-numbered-offline-order';
export { insertOrdersFromRows, type OrdersFromRows } from './insert-orders-from-rows';
export { issueOfficialReceipt } from './issue-official-receipt';
export { findOrderById, findOrderByIdempotencyKey, type NewOrder, type Order } from './orders';
export { type DeclineSubject, declineValues, paymentDeclines, recordDeclineStatement } from './payment-declines';
export { type PendingOrderInsert, type PendingOrderValues, preparePendingOrderInsert } from './pending-orders';
export { receiptCounters } from './receipt-counters';
export { OFFICIAL_RECEIPT_KIND, RECEIPT_CORRECTION_KIND, RECEIPT_KIND } from './receipt-kind';
export {
  legacyReceiptNumber,
  RECEIPT_SEQ_DIGITS,
  type ReceiptSettings,
  receiptNumberOf,
  receiptSeries,
  receiptSettings,
  receiptYear,
  takeReceiptNumber,
} from './receipt-number';
export { recordRefundedCents } from './record-refunded-cents';
export { type SettleOrderOptions, settleOrder } from './settle-order';
export {
  type DonorAddress,
  type OfflineMethod,
  type OrderDelivery,
  type OrderProduct,
  type OrderSource,
  type OrderStatus,
  orders,
  type ReceiptCorrection,
  receiptCorrections,
  type StoredAnswer,
} from './tables';
