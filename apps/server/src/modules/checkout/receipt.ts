/**
 * The donation receipt (issue 3, "Receipt"): built from the order row as it was committed, so what
 * the donor reads is what was charged. `renderReceipt` is pure; the settlement queues the receipt by
 * reference (settle-order.ts) and the mail worker writes it with it when it sends it (receipt-renderer.ts).
 */
import { formatCents } from '@store/shared/money';
import type { Site } from '@store/shared/site';
import { cachedFormat, formatDateTime } from '#src/modules/mail/date-format';
import { headerValue, type MailMessage } from '#src/modules/mail/outbox';
import { receiptHtml } from './receipt-html';
import { RECEIPT_KIND } from './receipt-kind';
import { receiptText } from './receipt-text';
import { type ReceiptView, TEST_RECEIPT_NOTICE } from './receipt-view';
import type { orders } from './tables';

type Order = typeof orders.$inferSelect;

export type ReceiptOptions = {
  order: Order;
  site: Pick<Site, 'foundation' | 'centers'>;
  /**
   * The zone the receipt's date is written in. A donation late on 31 December must not read as
   * next year's, so this is shown with the date; UTC until the site has a zone of its own.
   */
  timeZone?: string;
};

const dayFormat = cachedFormat({ year: 'numeric', month: '2-digit', day: '2-digit' });

function datePart(parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes): string {
  return parts.find((p) => p.type === type)?.value ?? '';
}

/** `R-20261121-1A2B3C`: the day of the donation and the start of the order id, easy to read out on the phone. */
export function receiptNumber(order: Pick<Order, 'id' | 'createdAt'>, timeZone = 'UTC'): string {
  const parts = dayFormat(timeZone).formatToParts(order.createdAt);
  const day = `${datePart(parts, 'year')}${datePart(parts, 'month')}${datePart(parts, 'day')}`;
  return `R-${day}-${order.id.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

function fulfilment(order: Order, site: ReceiptOptions['site']): string | null {
  const delivery = order.delivery;
  if (!delivery) return null;
  if (delivery.pickup) {
    const address = site.centers.find((c) => c.id === order.centerId)?.address;
    return `Pickup at ${order.centerName}${address ? `, ${address}` : ''}`;
  }
  const cityLine = [delivery.city, [delivery.state, delivery.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [delivery.street, cityLine].filter(Boolean).join(', ');
  return address ? `Delivery to ${address}` : null;
}

export function receiptView({ order, site, timeZone = site.foundation.timeZone }: ReceiptOptions): ReceiptView {
  const date = formatDateTime(order.createdAt, timeZone);
  const foundation = site.foundation.name;
  return {
    testNotice: order.test ? TEST_RECEIPT_NOTICE : null,
    opening: order.test
      ? `${TEST_RECEIPT_NOTICE}: this order was taken by the store's test mode, no card was charged and nothing was given.`
      : `Thank you for your donation to ${foundation}. This is your receipt.`,
    foundationName: site.foundation.name,
    foundationUrl: site.foundation.url,
    receiptNumber: receiptNumber(order, timeZone),
    date,
    donorName: `${order.firstName} ${order.lastName}`.trim(),
    studentName: order.studentName?.trim() || null,
    items: order.products.map((p) => ({
      name: p.name,
      quantity: p.quantity,
      unitPrice: formatCents(p.unitCents),
      lineTotal: formatCents(p.unitCents * p.quantity),
    })),
    // The amount charged, as recorded, rather than a sum recomputed here.
    total: formatCents(order.amountCents),
    centerName: order.centerName,
    transactionId: order.transactionId ?? 'not available',
    fulfilment: fulfilment(order, site),
    orderId: order.id,
    statement: order.test
      ? `${TEST_RECEIPT_NOTICE}. This is not a receipt for a donation and nothing on it is tax-deductible.`
      : `${foundation} is a non-profit organization. Donations are tax-deductible as per applicable laws.`,
  };
}

export function renderReceipt(options: ReceiptOptions): MailMessage & { kind: typeof RECEIPT_KIND } {
  const view = receiptView(options);
  return {
    kind: RECEIPT_KIND,
    subjectId: options.order.id,
    to: headerValue(options.order.email),
    subject: headerValue(
      `${view.testNotice ? `${view.testNotice}: ` : ''}Your donation receipt ${view.receiptNumber} from ${view.foundationName}`,
    ),
    html: receiptHtml(view),
    text: receiptText(view),
  };
}
