/** The plain-text receipt: what text-only clients, screen readers and spam filters read. */
import type { ReceiptView } from './receipt-view';

export function receiptText(view: ReceiptView): string {
  const items = view.items.map((item) => `- ${item.name}: ${item.quantity} x ${item.unitPrice} = ${item.lineTotal}`);
  const lines = [
    ...(view.testNotice ? [view.testNotice, ''] : []),
    `Dear ${view.donorName},`,
    '',
    view.opening,
    '',
    `Receipt number: ${view.receiptNumber}`,
    `Date: ${view.date}`,
    `Donor: ${view.donorName}`,
    ...(view.studentName ? [`Student: ${view.studentName}`] : []),
    `Center: ${view.centerName}`,
    `Transaction ID: ${view.transactionId}`,
    '',
    'Items:',
    ...items,
    '',
    `Total: ${view.total}`,
    ...(view.fulfilment ? ['', view.fulfilment] : []),
    '',
    view.statement,
    '',
    view.foundationName,
    view.foundationUrl,
    `Order reference: ${view.orderId}`,
  ];
  return `${lines.join('\n')}\n`;
}
