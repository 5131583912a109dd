/**
 * A tax document (receipt or statement) in the two e-mail bodies: the HTML (in the frame every
 * e-mail shares, mail/email-layout.ts) and the plain text. Both print the document's own words, so
 * the e-mail and the attached PDF say the same thing.
 *
 * In the document's language (`doc.locale`, decision 0042), worded as its PDF is
 * (pdf/tax-document-words.ts): labels, headings and notes translated, amounts and dates in the
 * language's conventions, and what a tax authority requires (the legal sentences, the names of the
 * amounts for tax, the registration numbers) in English, each followed by its translation. An
 * English document is written exactly as before languages.
 */
import type { I18n } from '@lingui/core';
import { CELL, dearLine, detail, emailDocument, HEAD } from '#src/modules/mail/email-layout';
import { html, type SafeHtml } from '#src/modules/mail/html';
import { localiseTaxDocument } from './pdf/tax-document-words';
import type { TaxDocument } from './tax-document';

const NUMBER_CELL = `${CELL}text-align:right;white-space:nowrap;`;

/** What the e-mail says around the document: the greeting and the sentence after it. */
export type TaxEmailFrame = { greetingName: string; opening: string; extraSections?: readonly SafeHtml[] };

/** A legal text kept in English, and its translation after it (undefined in English). */
type After = (text: string) => string | undefined;

/** A legal label or heading with its translation beside it: 'Tax-deductible amount / …'. */
function withAfter(text: string, after: After): string {
  const translation = after(text);
  return translation ? `${text} / ${translation}` : text;
}

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

/** The statement column's header: the entity's word (legal, with its translation) or 'Deductible'. */
function deductibleHeader(doc: TaxDocument, i18n: I18n, after: After): string {
  if (doc.type !== 'statement' || !doc.deductibleHeader) return i18n._('Deductible');
  return withAfter(doc.deductibleHeader, after);
}

export function taxDocumentHtml(input: TaxDocument, frame: TaxEmailFrame): string {
  const { doc, locale, i18n, after } = localiseTaxDocument(input);
  const lines =
    doc.type === 'receipt'
      ? table(
          [i18n._('Item'), i18n._('Kind'), i18n._('Qty'), i18n._('Amount'), i18n._('Deductible')],
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
          [i18n._('Receipt'), i18n._('Date'), i18n._('Center'), i18n._('Amount'), deductibleHeader(doc, i18n, after)],
          doc.gifts.map((g) => [g.receiptNumber, g.date, g.center, g.amount, g.deductible]),
          new Set([3, 4]),
        );
  const totals = html`<tr><td style="padding:0 24px 16px;">
    <table width="100%" cellpadding="0" cellspacing="0">
      ${doc.totals.map(
        (t) => html`<tr>
        <td style="padding:4px 8px;font-size:14px;text-align:right;">${withAfter(t.label, after)}</td>
        <td style="padding:4px 8px;font-size:14px;font-weight:bold;text-align:right;white-space:nowrap;width:1%;">${t.value}</td>
      </tr>`,
      )}
    </table>
  </td></tr>`;
  const replaces =
    'replaces' in doc && doc.replaces
      ? html`<tr><td style="padding:0 24px 16px;font-size:14px;"><p style="margin:0;padding:12px;border:1px solid #b33;">${doc.replaces}</p></td></tr>`
      : html``;
  // Each legal sentence in English as the tax authority words it, its translation right after it.
  const statements = html`<tr><td style="padding:0 24px 16px;font-size:14px;line-height:1.5;">
    ${doc.statements.map((s) => {
      const translation = after(s);
      return html`<p style="margin:0 0 8px;padding:12px;background:#f7f7f2;border-left:3px solid #b08d3c;">${s}${
        translation ? html`<br><span style="color:#555555;">${translation}</span>` : ''
      }</p>`;
    })}
  </td></tr>`;
  const issuer = [doc.issuer.address, ...doc.issuer.identifiers.map((line) => withAfter(line, after))].filter(
    (x): x is string => Boolean(x),
  );
  const title = withAfter(doc.title, after);
  return emailDocument({
    title: `${doc.testNotice ? `${doc.testNotice}: ` : ''}${title}`,
    foundationName: doc.issuer.name,
    foundationUrl: doc.issuer.url,
    kind: [doc.testNotice ? `${title} (${doc.testNotice})` : title, ...issuer].join(' · '),
    greetingName: frame.greetingName,
    opening: frame.opening,
    details: doc.facts.map((f) => detail(withAfter(f.label, after), f.value)),
    sections: [replaces, lines, totals, ...(frame.extraSections ?? []), statements],
    footer: html`${doc.footer
      .flatMap((line) => [line, ...(after(line) ? [after(line) ?? ''] : [])])
      .map((line, i) => (i === 0 ? html`${line}` : html`<br>${line}`))}`,
    locale,
  });
}

export function taxDocumentText(input: TaxDocument, frame: TaxEmailFrame & { extraLines?: readonly string[] }): string {
  const { doc, locale, i18n, after } = localiseTaxDocument(input);
  const english = locale === 'en';
  const rows =
    doc.type === 'receipt'
      ? // Each row reads as the HTML table's: the item (times its quantity when more than one), amount, kind, deductible.
        doc.lines.map((l) => {
          const times = l.quantity > 1 ? ` × ${l.quantity}` : '';
          const received = l.benefit ? `\n  ${i18n._('Received: {benefit}', { benefit: l.benefit })}` : '';
          // English as it always was; another language's row in its own words.
          return english
            ? `- ${l.name}${times}: ${l.amount} (${l.kind}); deductible ${l.deductible}${received}`
            : `- ${l.name}${times}: ${l.amount} (${l.kind}); ${i18n._('deductible {amount}', { amount: l.deductible })}${received}`;
        })
      : doc.gifts.map((g) => {
          const header = doc.deductibleHeader
            ? withAfter(doc.deductibleHeader, after)
            : english
              ? 'Deductible'
              : i18n._('Deductible');
          const word = english ? header.toLowerCase() : header;
          return `- ${g.receiptNumber}  ${g.date}  ${g.center}: ${g.amount}; ${word} ${g.deductible}`;
        });
  const lines = [
    ...(doc.testNotice ? [doc.testNotice, ''] : []),
    dearLine(frame.greetingName, locale),
    '',
    frame.opening,
    '',
    doc.title,
    ...(after(doc.title) ? [after(doc.title) ?? ''] : []),
    doc.issuer.name,
    ...(doc.issuer.address ? [doc.issuer.address] : []),
    ...doc.issuer.identifiers.map((line) => withAfter(line, after)),
    '',
    ...('replaces' in doc && doc.replaces ? [doc.replaces, ''] : []),
    ...doc.facts.map((f) => `${withAfter(f.label, after)}: ${f.value}`),
    '',
    doc.type === 'receipt' ? i18n._('Items:') : i18n._('Gifts:'),
    ...rows,
    '',
    ...doc.totals.map((t) => `${withAfter(t.label, after)}: ${t.value}`),
    ...(frame.extraLines && frame.extraLines.length > 0 ? ['', ...frame.extraLines] : []),
    '',
    // Each legal sentence in English, its translation on the next line.
    ...doc.statements.flatMap((s) => [s, ...(after(s) ? [after(s) ?? ''] : []), '']),
    doc.issuer.url,
    ...doc.footer.flatMap((line) => [line, ...(after(line) ? [after(line) ?? ''] : [])]),
  ];
  return `${lines.join('\n')}\n`;
}
