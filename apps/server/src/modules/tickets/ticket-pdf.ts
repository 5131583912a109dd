/**
 * A registration's tickets as a PDF: one A6 page per live ticket, to print or show on a phone at the
 * door. The QR code carries the signed code (sign-ticket.ts) as a PNG with crisp modules (no
 * smoothing between them), large enough for a phone camera at arm's length; the words beside it are
 * for people. Set in the receipts' embedded fonts (Noto Sans, Noto Sans Telugu, Noto Sans
 * Devanagari), through the receipts' text runs, so a Telugu name renders as on a receipt; the
 * ticket's own words in the family's language (`doc.locale`).
 */
import type { I18n } from '@lingui/core';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { serverI18n } from '#src/i18n/server-i18n';
import { pdfBytes } from '#src/lib/pdf-bytes';
import { fontsForOneDocument, loadTaxFonts } from '#src/modules/receipts/pdf/tax-fonts';
import { drawTextRuns, type RunsOptions } from '#src/modules/receipts/pdf/text-runs';
import type { PrintedTicket, TicketDocument } from './ticket-document';

type Pdf = PDFKit.PDFDocument;
type Fonts = ReturnType<typeof loadTaxFonts>;

/** A6 portrait, in points. */
const WIDTH = 297.64;
const HEIGHT = 419.53;
const MARGIN = 22;
const CONTENT = WIDTH - 2 * MARGIN;
const QR_SIZE = 150;

const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#1d4e89';
const RULE = '#cbd2d9';

export async function renderTicketPdf(doc: TicketDocument): Promise<Buffer> {
  const locale = doc.locale ?? 'en';
  const i18n = serverI18n(locale);
  const fonts = loadTaxFonts();
  const documentFonts = fontsForOneDocument();
  const codes = await Promise.all(
    doc.tickets.map((ticket) =>
      // Level M: a smudged printout still reads; scale 8 keeps every module a whole number of pixels.
      QRCode.toBuffer(ticket.code, { errorCorrectionLevel: 'M', margin: 2, scale: 8 }),
    ),
  );
  const pdf = new PDFDocument({
    size: [WIDTH, HEIGHT],
    // Nearly no bottom margin: the ticket id sits low, and text past the margin would start a page.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 4 },
    autoFirstPage: false,
    // As the receipts do (render-tax-document.ts): starting in it keeps pdfkit's unembedded
    // Helvetica out of the file.
    font: documentFonts.starting,
    lang: locale,
    displayTitle: true,
    info: {
      Title: i18n._('{event} tickets {registration}', { event: doc.eventTitle, registration: doc.registrationNumber }),
      Author: doc.foundationName,
      Creator: doc.foundationName,
    },
  });
  const bytes = pdfBytes(pdf);
  documentFonts.register(pdf);
  doc.tickets.forEach((ticket, index) => {
    pdf.addPage();
    const count = i18n._('Ticket {number} of {count} · {registration}', {
      number: index + 1,
      count: doc.tickets.length,
      registration: doc.registrationNumber,
    });
    drawTicket(pdf, fonts, i18n, doc, ticket, codes[index] ?? Buffer.alloc(0), count);
  });
  pdf.end();
  return bytes;
}

function drawTicket(
  pdf: Pdf,
  fonts: Fonts,
  i18n: I18n,
  doc: TicketDocument,
  ticket: PrintedTicket,
  qr: Buffer,
  count: string,
) {
  const write = (text: string, y: number, options: RunsOptions) => {
    drawTextRuns(pdf, fonts, text, MARGIN, y, { width: CONTENT, ...options });
    return pdf.y;
  };
  pdf.rect(0, 0, WIDTH, 6).fill(ACCENT);
  let y = write(doc.eventTitle, MARGIN, { size: 12, weight: 'bold', color: ACCENT });
  y = write(count, y + 1, { size: 8, color: MUTED });
  y = write(ticket.name, y + 8, { size: 17, weight: 'bold', color: INK });
  y = write(ticket.category, y + 1, { size: 10, color: INK });
  const qrTop = y + 8;
  pdf.image(qr, (WIDTH - QR_SIZE) / 2, qrTop, { width: QR_SIZE, height: QR_SIZE });
  y = qrTop + QR_SIZE + 8;
  pdf
    .moveTo(MARGIN, y)
    .lineTo(WIDTH - MARGIN, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  y = write(ticket.startsAt, y + 6, { size: 9.5, weight: 'bold', color: INK });
  y = write(`${ticket.centerName}: ${ticket.hall}`, y + 2, { size: 9, color: INK });
  y = write(ticket.address, y + 1, { size: 8.5, color: MUTED });
  write(i18n._('Ticket {id}', { id: ticket.ticketId }), HEIGHT - MARGIN - 10, {
    size: 7,
    color: MUTED,
    lineBreak: false,
  });
}
