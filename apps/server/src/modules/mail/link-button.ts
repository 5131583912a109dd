/**
 * A link drawn as a button, in a row of an e-mail's outer table (email-layout.ts): mail clients
 * ignore stylesheets, so its look is inline.
 */
import { html, type SafeHtml } from './html';

export function linkButton(href: string, label: string): SafeHtml {
  return html`<tr><td style="padding:0 24px 16px;">
    <a href="${href}" style="display:inline-block;padding:10px 16px;background:#1f4e79;color:#ffffff;border-radius:4px;text-decoration:none;">${label}</a>
  </td></tr>`;
}
