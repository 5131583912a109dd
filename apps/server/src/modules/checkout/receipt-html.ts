/**
 * The HTML receipt, in the e-mail frame every message shares (email-layout.ts). Every value goes
 * through the `html` tag, which escapes it.
 */
import { CELL, detail, emailDocument, HEAD } from '#src/modules/mail/email-layout';
import { html } from '#src/modules/mail/html';
import type { ReceiptView } from './receipt-view';

const NUMBER_CELL = `${CELL}text-align:right;white-space:nowrap;`;

export function receiptHtml(view: ReceiptView): string {
  const rows = view.items.map(
    (item) => html`<tr>
        <td style="${CELL}">${item.name}</td>
        <td style="${NUMBER_CELL}">${item.quantity}</td>
        <td style="${NUMBER_CELL}">${item.unitPrice}</td>
        <td style="${NUMBER_CELL}">${item.lineTotal}</td>
      </tr>`,
  );
  const items = html`<tr><td style="padding:0 24px 16px;">
    <table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
      <tr>
        <th style="${HEAD}">Item</th>
        <th style="${HEAD}text-align:right;">Qty</th>
        <th style="${HEAD}text-align:right;">Unit price</th>
        <th style="${HEAD}text-align:right;">Amount</th>
      </tr>
      ${rows}
      <tr>
        <td colspan="3" style="padding:10px 8px;font-size:15px;font-weight:bold;text-align:right;">Total</td>
        <td style="padding:10px 8px;font-size:15px;font-weight:bold;text-align:right;white-space:nowrap;">${view.total}</td>
      </tr>
    </table>
  </td></tr>`;
  const fulfilment = view.fulfilment
    ? html`<tr><td style="padding:0 24px 16px;font-size:14px;">${view.fulfilment}</td></tr>`
    : html``;
  const statement = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    <p style="margin:0;padding:12px;background:#f7f7f2;border-left:3px solid #b08d3c;">${view.statement}</p>
  </td></tr>`;
  return emailDocument({
    title: `${view.testNotice ? `${view.testNotice}: ` : ''}Receipt ${view.receiptNumber}`,
    foundationName: view.foundationName,
    foundationUrl: view.foundationUrl,
    kind: view.testNotice ? `Donation receipt (${view.testNotice})` : 'Donation receipt',
    greetingName: view.donorName,
    opening: view.opening,
    details: [
      detail('Receipt number', view.receiptNumber),
      detail('Date', view.date),
      detail('Donor', view.donorName),
      ...(view.studentName ? [detail('Student', view.studentName)] : []),
      detail('Center', view.centerName),
      detail('Transaction ID', view.transactionId),
    ],
    sections: [items, fulfilment, statement],
    footer: html`Order reference: ${view.orderId}`,
  });
}
