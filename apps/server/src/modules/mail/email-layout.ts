/**
 * The frame every HTML e-mail shares (receipts, registration confirmations). Mail clients ignore
 * <style> blocks and most CSS, so the layout is tables with inline styles and a 600 px column.
 * Values go through the `html` tag (html.ts), which escapes them; sections are SafeHtml already.
 * The frame's own words ("Dear …,") are in the message's language; everything else arrives worded.
 */
import type { Locale } from '@store/shared/i18n/locales';
import { serverI18n } from '#src/i18n/server-i18n';
import { html, type SafeHtml } from './html';

const FONT = 'font-family:Arial,Helvetica,sans-serif;color:#222222;';
/** Styles of the item tables' cells and header cells. */
export const CELL = 'padding:8px;border-bottom:1px solid #e5e5e5;font-size:14px;';
export const HEAD = 'padding:8px;border-bottom:2px solid #cccccc;font-size:13px;text-align:left;color:#555555;';

/** One "label: value" line of the details table under the greeting. */
export function detail(label: string, value: string): SafeHtml {
  return html`<tr>
      <td style="padding:3px 12px 3px 0;font-size:14px;color:#555555;white-space:nowrap;">${label}</td>
      <td style="padding:3px 0;font-size:14px;">${value}</td>
    </tr>`;
}

export type EmailLayout = {
  /** The document's <title>. */
  title: string;
  foundationName: string;
  foundationUrl: string;
  /** The line under the foundation's name, e.g. 'Donation receipt'. */
  kind: string;
  greetingName: string;
  /** The sentence after the greeting. */
  opening: string;
  /** The details table's rows (detail(…)). */
  details: readonly SafeHtml[];
  /** Rows of the outer table between the details and the footer (items, notes). */
  sections: readonly SafeHtml[];
  /** Extra footer lines after the foundation's link (e.g. an order reference). */
  footer?: SafeHtml | undefined;
  /** The reader's language (their gift's, registration's or account's); unset, English. */
  locale?: Locale | undefined;
};

/** "Dear Asha," in the reader's language: the greeting of every letter, in HTML and in text. */
export function dearLine(greetingName: string, locale: Locale = 'en'): string {
  const i18n = serverI18n(locale);
  return i18n._('Dear {name},', { name: greetingName });
}

export function emailDocument(layout: EmailLayout): string {
  const locale = layout.locale ?? 'en';
  return html`<!DOCTYPE html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${layout.title}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px;${FONT}">
  <tr><td style="padding:24px 24px 8px;">
    <h1 style="margin:0 0 4px;font-size:22px;">${layout.foundationName}</h1>
    <p style="margin:0;font-size:14px;color:#555555;">${layout.kind}</p>
  </td></tr>
  <tr><td style="padding:16px 24px 0;font-size:15px;line-height:1.5;">
    <p style="margin:0 0 12px;">${dearLine(layout.greetingName, locale)}</p>
    <p style="margin:0 0 16px;">${layout.opening}</p>
  </td></tr>
  <tr><td style="padding:0 24px 16px;">
    <table role="presentation" cellpadding="0" cellspacing="0">
      ${layout.details}
    </table>
  </td></tr>
  ${layout.sections}
  <tr><td style="padding:8px 24px 24px;font-size:12px;color:#777777;line-height:1.5;">
    <a href="${layout.foundationUrl}" style="color:#555555;">${layout.foundationName}</a>${
      layout.footer
        ? html`<br>
    ${layout.footer}`
        : ''
    }
  </td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.value;
}
