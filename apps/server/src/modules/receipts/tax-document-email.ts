/**
 * A tax document (receipt or statement) in the two e-mail bodies: the HTML (in the frame every
 * e-mail shares, mail/email-layout.ts) and the plain text. Both print the document's own words, so
 * the e-mail and the attached PDF say the same thing.
 */
import { CELL, detail, emailDocument, HEAD } from '#src/modules/mail/email-layout';
import { html, type SafeHtml } from '#src/modules/mail/html';
import type { TaxDocument } from './tax-document';

const NUMBER_CELL = `${CELL}text-align:right;white-space:nowrap;`;

/** What the e-mail says around the document: the greeting and the sentence after it. */
export type TaxEmailFrame = { greetingName: string; opening: string; extraSections?: readonly SafeHtml[] };

function table(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: ReadonlySet<number>,
): SafeHtml {
  const head = headers.map((h, i) => html`<th style="${HEAD}${numeric.has(i) ? 'text-align:right;' : ''}">${h}</th>`);
  const body = rows.map(
    (row) =>
      html`<tr>${row.map((cell, i) => html`<td style="${numeric.has(i) ? NUMBER_CELL : CELL}">${cell}</td>`)}</tr>`,
  );
  return html`<tr><td style="padding:0 24px 16px;">
    <table width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
      <tr>${head}</tr>
      ${body}
    </table>
  </td></tr>`;
}

export function taxDocumentHtml(doc: TaxDocument, frame: TaxEmailFrame): string {
  const lines =
    doc.type === 'receipt'
      ? table(
          ['Item', 'Kind', 'Qty', 'Amount', 'Deductible'],
          doc.lines.map((l) => [
            l.benefit ? `${l.name} (${l.benefit})` : l.name,
            l.kind,
            String(l.quantity),
            l.amount,
            l.deductible,
          ]),
          new Set([2, 3, 4]),
        )
      : table(
          ['Receipt', 'Date', 'Center', 'Amount', doc.deductibleHeader ?? 'Deductible'],
          doc.gifts.map((g) => [g.receiptNumber, g.date, g.center, g.amount, g.deductible]),
          new Set([3, 4]),
        );
  const totals = html`<tr><td style="padding:0 24px 16px;">
    <table width="100%" cellpadding="0" cellspacing="0">
      ${doc.totals.map(
        (t) => html`<tr>
        <td style="padding:4px 8px;font-size:14px;text-align:right;">${t.label}</td>
        <td style="padding:4px 8px;font-size:14px;font-weight:bold;text-align:right;white-space:nowrap;width:1%;">${t.value}</td>
      </tr>`,
      )}
    </table>
  </td></tr>`;
  const replaces =
    'replaces' in doc && doc.replaces
      ? html`<tr><td style="padding:0 24px 16px;font-size:14px;"><p style="margin:0;padding:12px;border:1px solid #b33;">${doc.replaces}</p></td></tr>`
      : html``;
  const statements = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    ${doc.statements.map((s) => html`<p style="margin:0 0 8px;padding:12px;background:#f7f7f2;border-left:3px solid #b08d3c;">${s}</p>`)}
  </td></tr>`;
  const issuer = [doc.issuer.address, ...doc.issuer.identifiers].filter((x): x is string => Boolean(x));
  return emailDocument({
    title: `${doc.testNotice ? `${doc.testNotice}: ` : ''}${doc.title}`,
    foundationName: doc.issuer.name,
    foundationUrl: doc.issuer.url,
    kind: [doc.testNotice ? `${doc.title} (${doc.testNotice})` : doc.title, ...issuer].join(' · '),
    greetingName: frame.greetingName,
    opening: frame.opening,
    details: doc.facts.map((f) => detail(f.label, f.value)),
    sections: [replaces, lines, totals, ...(frame.extraSections ?? []), statements],
    footer: html`${doc.footer.map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}`,
  });
}

export function taxDocumentText(doc: TaxDocument, frame: TaxEmailFrame & { extraLines?: readonly string[] }): string {
  const rows =
    doc.type === 'receipt'
      ? // Each row reads as the HTML table's: the item (times its quantity when more than one), amount, kind, deductible.
        doc.lines.map(
          (l) =>
            `- ${l.name}${l.quantity > 1 ? ` × ${l.quantity}` : ''}: ${l.amount} (${l.kind}); deductible ${l.deductible}${l.benefit ? `\n  Received: ${l.benefit}` : ''}`,
        )
      : doc.gifts.map(
          (g) =>
            `- ${g.receiptNumber}  ${g.date}  ${g.center}: ${g.amount}; ${(doc.deductibleHeader ?? 'Deductible').toLowerCase()} ${g.deductible}`,
        );
  const lines = [
    ...(doc.testNotice ? [doc.testNotice, ''] : []),
    `Dear ${frame.greetingName},`,
    '',
    frame.opening,
    '',
    doc.title,
    doc.issuer.name,
    ...(doc.issuer.address ? [doc.issuer.address] : []),
    ...doc.issuer.identifiers,
    '',
    ...('replaces' in doc && doc.replaces ? [doc.replaces, ''] : []),
    ...doc.facts.map((f) => `${f.label}: ${f.value}`),
    '',
    doc.type === 'receipt' ? 'Items:' : 'Gifts:',
    ...rows,
    '',
    ...doc.totals.map((t) => `${t.label}: ${t.value}`),
    ...(frame.extraLines && frame.extraLines.length > 0 ? ['', ...frame.extraLines] : []),
    '',
    ...doc.statements.flatMap((s) => [s, '']),
    doc.issuer.url,
    ...doc.footer,
  ];
  return `${lines.join('\n')}\n`;
}
