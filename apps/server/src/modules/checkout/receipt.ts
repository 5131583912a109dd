/**
 * The donation receipt e-mail (issue 3, "Receipt"; issue 20, tax receipts): built from the order row
 * as it was committed, so what the donor reads is what was charged. Its words are the receipt
 * document's (receipt-document.ts): the e-mail's HTML and text bodies and the attached PDF print the
 * same document. The settlement queues the receipt by reference (settle-order.ts) and the mail
 * worker writes it when it sends it (receipt-renderer.ts).
 */
import type { I18n } from '@lingui/core';
import { matchingDetails } from '@store/shared/matching-next-steps';
import type { Site } from '@store/shared/site';
import { serverI18n } from '#src/i18n/server-i18n';
import type { orders } from '#src/modules/ledger/index';
import { html, type SafeHtml } from '#src/modules/mail/html';
import { linkButton } from '#src/modules/mail/link-button';
import { headerValue } from '#src/modules/mail/outbox';
import type { RenderedMail } from '#src/modules/mail/render';
import type { ReceiptDocument } from '#src/modules/receipts/tax-document';
import { taxDocumentHtml, taxDocumentText } from '#src/modules/receipts/tax-document-email';
import { buildReceiptDocument, type ReceiptCorrection } from './receipt-document';
import { matchingReceiptNote } from './receipt-matching-note';
import { receiptMonthlyNote } from './receipt-monthly-note';

type Order = typeof orders.$inferSelect;

export type ReceiptOptions = {
  order: Order;
  // Entities name each center's receipt rules; without them, the rules of the center's country.
  site: Pick<Site, 'foundation' | 'centers' | 'taxReceipts'> & Partial<Pick<Site, 'entities'>>;
  signature?: Uint8Array | null;
  correction?: ReceiptCorrection | undefined;
  /**
   * The page where the donor adds the address of a gift whose CRA receipt waits for it (the mail
   * renderer makes it, receipt-address-link.ts); unset on the PDF downloads.
   */
  addressLink?: string | null | undefined;
  /** The donor's dashboard (absolute), where a monthly gift is managed; unset on the PDF downloads. */
  dashboardLink?: string | null | undefined;
};

const MANAGE_MONTHLY = /*i18n*/ 'Manage your monthly gift on your dashboard';
const ADD_ADDRESS = /*i18n*/ 'Add your address for the official receipt';

function paragraph(text: string): SafeHtml {
  return html`<tr><td style="padding:0 24px 16px;font-size:14px;">${text}</td></tr>`;
}

function fulfilment(order: Order, site: ReceiptOptions['site'], i18n: I18n): string | null {
  const delivery = order.delivery;
  if (!delivery) return null;
  if (delivery.pickup) {
    const address = site.centers.find((c) => c.id === order.centerId)?.address;
    return address
      ? i18n._('Pickup at {center}, {address}', { center: order.centerName, address })
      : i18n._('Pickup at {center}', { center: order.centerName });
  }
  const cityLine = [delivery.city, [delivery.state, delivery.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const address = [delivery.street, cityLine].filter(Boolean).join(', ');
  return address ? i18n._('Delivery to {address}', { address }) : null;
}

function opening(doc: ReceiptDocument, foundation: string, order: Order, i18n: I18n): string {
  if (doc.testNotice) {
    return i18n._(
      "{notice}: this order was taken by the store's test mode, no card was charged and nothing was given.",
      // The notice is one of the receipt's words (receipts/pdf/tax-document-words.ts).
      { notice: i18n._(doc.testNotice) },
    );
  }
  if (doc.stamp) {
    return i18n._('Your receipt {number} is void. This notice replaces it.', { number: doc.facts[0]?.value ?? '' });
  }
  if (doc.replaces) {
    return i18n._('This corrected receipt from {foundation} replaces the one we sent you.', { foundation });
  }
  if (order.receiptAwaitsAddress) {
    return i18n._(
      'Thank you for your gift to {foundation}. A PDF copy of this receipt is attached. It is not an official receipt for income tax purposes yet: add your address and we will e-mail you the official one.',
      { foundation },
    );
  }
  if (order.receiptIssuedAt) {
    return i18n._(
      'Thank you for adding your address. This is your official receipt for your gift to {foundation}; a PDF copy is attached.',
      { foundation },
    );
  }
  return i18n._('Thank you for your gift to {foundation}. This is your receipt; a PDF copy is attached.', {
    foundation,
  });
}

/** The matching note: its step, then the legal name and tax number, one per line to copy. */
function matchingSection([step, ...details]: string[]): SafeHtml {
  return html`<tr><td style="padding:0 24px 16px;font-size:14px;"><strong>${step ?? ''}</strong>${details.map((line) => html`<br>${line}`)}</td></tr>`;
}

export type RenderedReceipt = RenderedMail & { document: ReceiptDocument; fileName: string };

/** The receipt e-mail's subject, bodies and document (the PDF is made from `document`). */
export function renderReceipt(options: ReceiptOptions): RenderedReceipt {
  const { order, site } = options;
  const document = buildReceiptDocument({
    order,
    site,
    signature: options.signature ?? null,
    correction: options.correction,
  });
  const number = document.facts[0]?.value ?? '';
  // The words around the document are in the order's language; the document's own are worded by
  // its layouts (receipts/tax-document-email.ts), as its PDF is.
  const i18n = serverI18n(order.locale);
  const foundation = site.foundation.name;
  const greetingName = `${order.firstName} ${order.lastName}`.trim();
  const frame = { greetingName, opening: opening(document, foundation, order, i18n) };
  const link = order.receiptAwaitsAddress ? options.addressLink : null;
  const addAddress = link ? `${i18n._(ADD_ADDRESS)}: ${link}` : null;
  const note = fulfilment(order, site, i18n);
  // A corrected or void receipt is about the money given back, not the gift going on.
  const monthly = options.correction ? null : receiptMonthlyNote(order, site.foundation.timeZone);
  const manage = monthly ? (options.dashboardLink ?? null) : null;
  // The employer's matching form asks for what this says; not on a corrected or void receipt.
  const matching = options.correction ? [] : matchingReceiptNote(order, matchingDetails(order, site));
  const notes = [note, monthly, manage ? `${i18n._(MANAGE_MONTHLY)}: ${manage}` : null, addAddress, ...matching].filter(
    (n): n is string => n !== null,
  );
  const notice = document.testNotice ? `${i18n._(document.testNotice)}: ` : '';
  const subject = document.stamp
    ? i18n._('Void receipt {number} from {foundation}', { number, foundation })
    : i18n._('Your receipt {number} from {foundation}', { number, foundation });
  return {
    document,
    fileName: `receipt-${number}.pdf`,
    to: headerValue(order.email),
    subject: headerValue(`${notice}${subject}`),
    html: taxDocumentHtml(document, {
      ...frame,
      extraSections: [
        ...(note ? [paragraph(note)] : []),
        ...(monthly ? [paragraph(monthly)] : []),
        ...(manage ? [linkButton(manage, i18n._(MANAGE_MONTHLY))] : []),
        ...(link
          ? [
              html`<tr><td style="padding:0 24px 16px;font-size:14px;"><a href="${link}">${i18n._(ADD_ADDRESS)}</a></td></tr>`,
            ]
          : []),
        ...(matching.length > 0 ? [matchingSection(matching)] : []),
      ],
    }),
    text: taxDocumentText(document, { ...frame, extraLines: notes }),
  };
}
