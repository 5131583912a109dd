/**
 * The recitation certificate: one landscape A4 page a family may frame. A cream page inside a double
 * gold border, the foundation's name above the title, the registrant's name as registered in large
 * type, the event, the way they recited, the center and the day, and a signature line with the
 * signatory's name and title. Set in the receipts' embedded fonts (Noto Sans, Noto Sans Telugu,
 * Noto Sans Devanagari) split into runs by script, so a Telugu name renders as on a receipt; each
 * line is measured and centred by hand, because pdfkit centres each run of a mixed-script line on
 * its own. The certificate's own words are in the family's language (`doc.locale`).
 */
import PDFDocument from 'pdfkit';
import { serverI18n } from '#src/i18n/server-i18n';
import { pdfBytes } from '#src/lib/pdf-bytes';
import {
  fontsForOneDocument,
  loadTaxFonts,
  type TaxFonts,
  type TaxFontWeight,
  taxFontName,
} from '#src/modules/receipts/pdf/tax-fonts';
import { splitTextRuns } from '#src/modules/receipts/pdf/text-runs';
import type { CertificateDocument } from './certificate-document';

type Pdf = PDFKit.PDFDocument;

/** A4 landscape, in points. */
const WIDTH = 841.89;
const HEIGHT = 595.28;
const CENTER = WIDTH / 2;

const PAPER = '#fffcf3';
const GOLD = '#b08d3c';
const MAROON = '#7a2420';
const INK = '#1f2933';
const MUTED = '#5c6670';

type Line = { size: number; weight?: TaxFontWeight; color: string; minSize?: number; maxWidth?: number };

/**
 * Draws `text` centred on `x` at `y`, shrinking it (down to minSize) until it fits maxWidth, and
 * past that breaking it between words over as many lines as it needs; the height used.
 */
function centred(pdf: Pdf, fonts: TaxFonts, text: string, x: number, y: number, line: Line): number {
  const { weight = 'regular', color, minSize = line.size, maxWidth = WIDTH - 160 } = line;
  const widthAt = (part: string, size: number) =>
    splitTextRuns(part, fonts).reduce(
      (sum, run) => sum + pdf.font(taxFontName(run.script, weight)).fontSize(size).widthOfString(run.text),
      0,
    );
  let size = line.size;
  while (size > minSize && widthAt(text, size) > maxWidth) size -= 1;
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && widthAt(`${last} ${word}`, size) <= maxWidth) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const height = size * 1.3;
  lines.forEach((part, index) => {
    let left = x - widthAt(part, size) / 2;
    pdf.fillColor(color);
    for (const run of splitTextRuns(part, fonts)) {
      pdf.font(taxFontName(run.script, weight)).fontSize(size);
      pdf.text(run.text, left, y + index * height, { lineBreak: false });
      left += pdf.widthOfString(run.text);
    }
  });
  return height * lines.length;
}

function diamond(pdf: Pdf, x: number, y: number, r: number, color: string) {
  pdf
    .moveTo(x, y - r)
    .lineTo(x + r, y)
    .lineTo(x, y + r)
    .lineTo(x - r, y)
    .closePath()
    .fill(color);
}

/** A short gold rule with a diamond at its middle. */
function ornament(pdf: Pdf, y: number, halfWidth: number) {
  pdf
    .moveTo(CENTER - halfWidth, y)
    .lineTo(CENTER - 9, y)
    .moveTo(CENTER + 9, y)
    .lineTo(CENTER + halfWidth, y)
    .lineWidth(0.8)
    .strokeColor(GOLD)
    .stroke();
  diamond(pdf, CENTER, y, 4.5, GOLD);
}

/** A gold seal between the date and the signature: rings around a diamond. */
function seal(pdf: Pdf, x: number, y: number) {
  pdf.circle(x, y, 36).fill(GOLD);
  pdf.circle(x, y, 31).lineWidth(1).strokeColor(PAPER).stroke();
  pdf.circle(x, y, 26).lineWidth(0.6).strokeColor(PAPER).stroke();
  for (let i = 0; i < 12; i += 1) {
    const angle = (i * Math.PI) / 6;
    diamond(pdf, x + 33.5 * Math.cos(angle), y + 33.5 * Math.sin(angle), 1.6, PAPER);
  }
  diamond(pdf, x, y, 12, PAPER);
  diamond(pdf, x, y, 6, MAROON);
}

function frame(pdf: Pdf) {
  pdf.rect(0, 0, WIDTH, HEIGHT).fill(PAPER);
  pdf
    .rect(22, 22, WIDTH - 44, HEIGHT - 44)
    .lineWidth(3)
    .strokeColor(GOLD)
    .stroke();
  pdf
    .rect(31, 31, WIDTH - 62, HEIGHT - 62)
    .lineWidth(0.8)
    .strokeColor(GOLD)
    .stroke();
  for (const [x, y] of [
    [31, 31],
    [WIDTH - 31, 31],
    [31, HEIGHT - 31],
    [WIDTH - 31, HEIGHT - 31],
  ] as const)
    diamond(pdf, x, y, 6, MAROON);
}

/** `signature`: the signatory's signature image (site.json certificate.signatureImage), drawn above their line. */
export async function renderCertificatePdf(
  doc: CertificateDocument,
  signature: Uint8Array | null = null,
): Promise<Buffer> {
  const locale = doc.locale ?? 'en';
  const i18n = serverI18n(locale);
  const fonts = loadTaxFonts();
  const documentFonts = fontsForOneDocument();
  const pdf = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    // As the tickets and receipts do: starting in it keeps pdfkit's unembedded Helvetica out of the file.
    font: documentFonts.starting,
    lang: locale,
    displayTitle: true,
    info: {
      Title: i18n._('{event}: certificate of {name}', { event: doc.eventTitle, name: doc.name }),
      Author: doc.foundationName,
      Creator: doc.foundationName,
    },
  });
  const bytes = pdfBytes(pdf);
  documentFonts.register(pdf);
  frame(pdf);

  let y = 72;
  y += centred(pdf, fonts, doc.foundationName.toUpperCase(), CENTER, y, { size: 12, weight: 'bold', color: MAROON });
  y += 14;
  // A longer title in another language is set smaller rather than over two lines.
  y += centred(pdf, fonts, i18n._('Certificate of Recitation'), CENTER, y, {
    size: 38,
    minSize: 26,
    weight: 'bold',
    color: INK,
  });
  y += 4;
  ornament(pdf, y, 130);
  y += 22;
  y += centred(pdf, fonts, i18n._('This certifies that'), CENTER, y, { size: 14, color: MUTED });
  y += 10;
  const nameHeight = centred(pdf, fonts, doc.name, CENTER, y, { size: 36, minSize: 24, weight: 'bold', color: MAROON });
  y += Math.max(58, nameHeight + 8);
  pdf
    .moveTo(CENTER - 220, y)
    .lineTo(CENTER + 220, y)
    .lineWidth(0.6)
    .strokeColor(GOLD)
    .stroke();
  y += 16;
  y += centred(pdf, fonts, i18n._('completed the recitation of the'), CENTER, y, { size: 14, color: MUTED });
  y += 4;
  y += centred(pdf, fonts, doc.eventTitle, CENTER, y, { size: 24, minSize: 16, weight: 'bold', color: INK });
  y += 6;
  y += centred(pdf, fonts, doc.category, CENTER, y, { size: 16, weight: 'bold', color: GOLD });
  y += 8;
  const place = i18n._('at {center}, {hall}, on {date}', { center: doc.centerName, hall: doc.hall, date: doc.date });
  centred(pdf, fonts, place, CENTER, y, {
    size: 13,
    minSize: 10,
    color: INK,
  });

  // The foot: the day on the left, the signature on the right, each above its line.
  const lineY = HEIGHT - 112;
  const columns = [
    { x: 90, value: doc.date, label: i18n._('Date') },
    { x: WIDTH - 310, value: '', label: doc.signatoryName },
  ];
  for (const { x, value, label } of columns) {
    if (value) centred(pdf, fonts, value, x + 110, lineY - 20, { size: 12, color: INK, maxWidth: 220 });
    pdf
      .moveTo(x, lineY)
      .lineTo(x + 220, lineY)
      .lineWidth(0.8)
      .strokeColor(INK)
      .stroke();
    centred(pdf, fonts, label, x + 110, lineY + 7, { size: 11, weight: 'bold', color: INK, minSize: 8, maxWidth: 220 });
  }
  if (signature)
    pdf.image(Buffer.from(signature), WIDTH - 290, lineY - 56, { fit: [180, 52], align: 'center', valign: 'bottom' });
  centred(pdf, fonts, doc.signatoryTitle, WIDTH - 200, lineY + 23, {
    size: 10,
    color: MUTED,
    minSize: 8,
    maxWidth: 220,
  });
  // A signatory named in site.json signs for the foundation; unset, the foundation's name is the signatory.
  if (doc.signatoryName !== doc.foundationName)
    centred(pdf, fonts, doc.foundationName, WIDTH - 200, lineY + 37, {
      size: 10,
      color: MUTED,
      minSize: 7,
      maxWidth: 220,
    });
  seal(pdf, CENTER, lineY - 6);
  centred(pdf, fonts, doc.reference, CENTER, HEIGHT - 56, { size: 8, color: MUTED });
  pdf.end();
  return bytes;
}
