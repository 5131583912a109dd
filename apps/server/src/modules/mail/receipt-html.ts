/**
 * The HTML receipt. Mail clients ignore <style> blocks and most CSS, so the layout is tables with
 * inline styles and a 600 px column. Every value goes through the `html` tag, which escapes it.
 */
import { html } from './html';
import type { ReceiptView } from './receipt';

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#222222;';
const CELL = 'padding:8px;border-bottom:1px solid #e5e5e5;font-size:14px;';
const NUMBER_CELL = `${CELL}text-align:right;white-space:nowrap;`;
const HEAD = 'padding:8px;border-bottom:2px solid #cccccc;font-size:13px;text-align:left;color:#555555;';

function detail(label: string, value: string) {
  return html`<tr>
      <td style="padding:3px 12px 3px 0;font-size:14px;color:#555555;white-space:nowrap;">${label}</td>
      <td style="padding:3px 0;font-size:14px;">${value}</td>
    </tr>`;
}

export function receiptHtml(view: ReceiptView): string {
  const rows = view.items.map(
    (item) => html`<tr>
        <td style="${CELL}">${item.name}</td>
        <td style="${NUMBER_CELL}">${item.quantity}</td>
        <td style="${NUMBER_CELL}">${item.unitPrice}</td>
        <td style="${NUMBER_CELL}">${item.lineTotal}</td>
      </tr>`,
  );
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${view.receiptNumber}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;${FONT}">
  <tr><td style="padding:24px 24px 8px;">
    <h1 style="margin:0 0 4px;font-size:22px;">${view.foundationName}</h1>
    <p style="margin:0;font-size:14px;color:#555555;">Donation receipt</p>
  </td></tr>
  <tr><td style="padding:16px 24px 0;font-size:15px;line-height:1.5;">
    <p style="margin:0 0 12px;">Dear ${view.donorName},</p>
    <p style="margin:0 0 16px;">Thank you for your donation to ${view.foundationName}. This is your receipt.</p>
  </td></tr>
  <tr><td style="padding:0 24px 16px;">
    <table role="presentation" cellpadding="0" cellspacing="0">
      ${detail('Receipt number', view.receiptNumber)}
      ${detail('Date', view.date)}
      ${detail('Donor', view.donorName)}
      ${view.studentName ? detail('Student', view.studentName) : ''}
      ${detail('Center', view.centerName)}
      ${detail('Transaction ID', view.transactionId)}
    </table>
  </td></tr>
  <tr><td style="padding:0 24px 16px;">
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
  </td></tr>
  ${view.fulfilment ? html`<tr><td style="padding:0 24px 16px;font-size:14px;">${view.fulfilment}</td></tr>` : ''}
  <tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    <p style="margin:0;padding:12px;background:#f7f7f2;border-left:3px solid #b08d3c;">${view.statement}</p>
  </td></tr>
  <tr><td style="padding:8px 24px 24px;font-size:12px;color:#777777;line-height:1.5;">
    <a href="${view.foundationUrl}" style="color:#555555;">${view.foundationName}</a><br>
    Order reference: ${view.orderId}
  </td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}
