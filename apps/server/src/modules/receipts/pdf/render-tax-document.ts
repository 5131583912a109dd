/**
 * Lays out a tax document (a receipt or a year-end statement, ../tax-document.ts) as a US Letter
 * PDF with pdfkit. The words and figures arrive finished: this file only places them.
 *
 * Every font is embedded (tax-fonts.ts; never pdfkit's Helvetica, which a viewer would substitute),
 * and every string goes through text-runs.ts so a Telugu name sets in Noto Sans Telugu and Hindi in
 * Noto Sans Devanagari. Pages are buffered so that the footer, "Page N of M" and a VOID stamp can
 * be drawn on each page once the page count is known.
 *
 * A Telugu or Hindi document (`doc.locale`) is set in its words (tax-document-words.ts): the legal
 * texts stay in English, each followed by its translation in smaller type.
 */
import type { I18n } from '@lingui/core';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '#src/lib/pdf-bytes';
import type { StatementGift, TaxDocument, TaxDocumentLine, TaxFact } from '../tax-document';
import { localiseTaxDocument } from './tax-document-words';
import { fontsForOneDocument, loadTaxFonts, type TaxFonts, type TaxFontWeight, taxFontName } from './tax-fonts';
import { drawTextRuns, heightOfRuns, type RunsOptions, widthOfRuns } from './text-runs';

type Pdf = PDFKit.PDFDocument;
/** `after`: the translation printed after a legal text kept in English (tax-document-words.ts). */
type Ctx = { pdf: Pdf; fonts: TaxFonts; i18n: I18n; after: (text: string) => string | undefined };

const MARGIN = 54;
const PAGE_WIDTH = 612;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const RIGHT = MARGIN + CONTENT_WIDTH;

const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#1d4e89';
const RULE = '#cbd2d9';
const ZEBRA = '#f3f5f8';
const HEADER_FILL = '#e4e9f0';
const ALERT = '#b42318';
const NOTE_FILL = '#fff6e5';
const NOTE_BORDER = '#d9a441';

type Column = { header: string; width: number; align: 'left' | 'right' | 'center' };

// The headers are messages, translated where the table is drawn.
const LINE_COLUMNS: Column[] = [
  { header: /*i18n*/ 'Item', width: 142, align: 'left' },
  { header: /*i18n*/ 'Kind', width: 72, align: 'left' },
  { header: /*i18n*/ 'Qty', width: 30, align: 'right' },
  { header: /*i18n*/ 'Amount', width: 64, align: 'right' },
  { header: /*i18n*/ 'Benefit received', width: 124, align: 'left' },
  { header: /*i18n*/ 'Deductible', width: 72, align: 'right' },
];

const GIFT_COLUMNS: Column[] = [
  { header: /*i18n*/ 'Receipt no.', width: 104, align: 'left' },
  { header: /*i18n*/ 'Date', width: 86, align: 'left' },
  { header: /*i18n*/ 'Center', width: 170, align: 'left' },
  { header: /*i18n*/ 'Amount', width: 72, align: 'right' },
  { header: /*i18n*/ 'Deductible', width: 72, align: 'right' },
];

/** The headers in the document's language. */
function translatedColumns(ctx: Ctx, columns: Column[]): Column[] {
  return fitHeaders(
    ctx,
    columns.map((column) => ({ ...column, header: ctx.i18n._(column.header) })),
  );
}

/**
 * A header word wider than its column would be broken inside the word (a Telugu or Hindi syllable
 * split in two): such a column takes the width it needs from the widest column. English headers
 * all fit, so an English table is as it always was.
 */
function fitHeaders(ctx: Ctx, columns: Column[]): Column[] {
  const fitted = columns.map((column) => ({ ...column }));
  const widest = fitted.reduce((best, column, index) => (column.width > (fitted[best]?.width ?? 0) ? index : best), 0);
  fitted.forEach((column, index) => {
    const donor = fitted[widest];
    if (index === widest || !donor) return;
    const longest = Math.max(
      ...column.header.split(/\s+/).map((word) => widthOfRuns(ctx.pdf, ctx.fonts, word, TABLE_SIZE, 'bold')),
    );
    const needed = Math.ceil(longest + 2 * CELL_PAD_X + 1 - column.width);
    if (needed > 0) {
      column.width += needed;
      donor.width -= needed;
    }
  });
  return fitted;
}

/**
 * A statement's columns, its last one named in the entity's words (tax-document.ts), already in the
 * document's language; a legal word ('Eligible amount') with its translation under it.
 */
function giftColumns(ctx: Ctx, deductibleHeader: string | undefined): Column[] {
  if (!deductibleHeader) return translatedColumns(ctx, GIFT_COLUMNS);
  const after = ctx.after(deductibleHeader);
  const header = after ? `${deductibleHeader}\n${after}` : deductibleHeader;
  const columns = GIFT_COLUMNS.map((column) => ({ ...column, header: ctx.i18n._(column.header) }));
  return fitHeaders(
    ctx,
    columns.map((column, i) => (i === columns.length - 1 ? { ...column, header } : column)),
  );
}

const CELL_PAD_X = 5;
const CELL_PAD_Y = 4;
const TABLE_SIZE = 8.5;

/** Renders the document; resolves with the PDF's bytes. */
export async function renderTaxDocumentPdf(input: TaxDocument): Promise<Buffer> {
  const { doc, locale, i18n, after } = localiseTaxDocument(input);
  const fonts = loadTaxFonts();
  const documentFonts = fontsForOneDocument();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    // The starting font: pdfkit would otherwise select its Helvetica, which is never embedded.
    font: documentFonts.starting,
    lang: locale,
    displayTitle: true,
    info: { Title: doc.title, Author: doc.issuer.name, Subject: subjectOf(i18n, doc), Creator: doc.issuer.name },
  });
  const bytes = pdfBytes(pdf);
  documentFonts.register(pdf);
  const ctx: Ctx = { pdf, fonts, i18n, after };

  // Content stops above the footer, whose height depends on its lines.
  const bottom = MARGIN + footerHeight(ctx, doc.footer) + 14;
  pdf.page.margins.bottom = bottom;
  pdf.on('pageAdded', () => {
    pdf.page.margins.bottom = bottom;
  });

  drawIssuer(ctx, doc);
  if (doc.testNotice) drawTestNotice(ctx, doc.testNotice);
  drawTitle(ctx, doc.title);
  if (doc.type === 'receipt' && doc.replaces) drawNote(ctx, doc.replaces);
  drawFacts(ctx, doc.facts);
  if (doc.type === 'receipt') drawTable(ctx, translatedColumns(ctx, LINE_COLUMNS), doc.lines.map(lineCells));
  else drawTable(ctx, giftColumns(ctx, doc.deductibleHeader), doc.gifts.map(giftCells));
  drawTotals(ctx, doc.totals);
  drawStatements(ctx, doc.statements);
  if (doc.signature) drawSignature(ctx, doc.signature);

  const stamp = doc.type === 'receipt' ? doc.stamp : null;
  const { start, count } = pdf.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    pdf.switchToPage(index);
    // Below the content's bottom margin: without this pdfkit would start a new page for the footer.
    pdf.page.margins.bottom = 0;
    if (stamp) drawStamp(ctx, stamp);
    if (index > start) drawRunningHeader(ctx, doc);
    drawFooter(ctx, doc.footer, index - start + 1, count);
  }
  pdf.end();
  return bytes;
}

function subjectOf(i18n: I18n, doc: TaxDocument): string {
  const name = doc.issuer.name;
  return doc.type === 'receipt'
    ? i18n._('Receipt for gifts to {name}', { name })
    : i18n._('Statement of gifts to {name}', { name });
}

function write(ctx: Ctx, text: string, x: number, y: number, options: RunsOptions): void {
  drawTextRuns(ctx.pdf, ctx.fonts, text, x, y, options);
}

/** Height of `text` as it is drawn, each run in its font (text-runs.ts). */
function heightOf(ctx: Ctx, text: string, width: number, size: number, weight: TaxFontWeight = 'regular'): number {
  return heightOfRuns(ctx.pdf, ctx.fonts, text, width, size, { weight });
}

/** The size a legal text's translation is set in, after the English it translates. */
const TRANSLATION_SCALE = 0.9;

function maxY(pdf: Pdf): number {
  return pdf.page.height - pdf.page.margins.bottom;
}

/** Starts a new page unless `height` more points fit on this one. */
function ensureSpace(ctx: Ctx, height: number): void {
  if (ctx.pdf.y + height > maxY(ctx.pdf)) {
    ctx.pdf.addPage();
    ctx.pdf.y = MARGIN;
  }
}

function drawIssuer(ctx: Ctx, doc: TaxDocument): void {
  const { pdf } = ctx;
  const { issuer } = doc;
  write(ctx, issuer.name, MARGIN, MARGIN, { size: 19, weight: 'bold', color: ACCENT, width: CONTENT_WIDTH });
  const details = [issuer.address, issuer.identifiers.join('   ·   '), issuer.url].filter(
    (line): line is string => line !== null && line !== '',
  );
  for (const line of details) {
    write(ctx, line, MARGIN, pdf.y + 1, { size: 9, color: MUTED, width: CONTENT_WIDTH });
  }
  // The registration numbers stay in English (the tax authority's words); their translation follows.
  const translated = issuer.identifiers.map((line) => ctx.after(line)).filter((line) => line !== undefined);
  if (translated.length > 0) {
    write(ctx, translated.join('   ·   '), MARGIN, pdf.y + 1, { size: 8.5, color: MUTED, width: CONTENT_WIDTH });
  }
  const ruleY = pdf.y + 8;
  pdf.moveTo(MARGIN, ruleY).lineTo(RIGHT, ruleY).lineWidth(2).strokeColor(ACCENT).stroke();
  pdf.y = ruleY + 14;
}

function drawTestNotice(ctx: Ctx, notice: string): void {
  const { pdf } = ctx;
  const pad = 9;
  const height = heightOf(ctx, notice, CONTENT_WIDTH - 2 * pad, 12, 'bold') + 2 * pad;
  const top = pdf.y;
  pdf.roundedRect(MARGIN, top, CONTENT_WIDTH, height, 3).fill(ALERT);
  write(ctx, notice, MARGIN + pad, top + pad, {
    size: 12,
    weight: 'bold',
    color: '#ffffff',
    width: CONTENT_WIDTH - 2 * pad,
    align: 'center',
  });
  pdf.y = top + height + 14;
}

function drawTitle(ctx: Ctx, title: string): void {
  write(ctx, title, MARGIN, ctx.pdf.y, { size: 16, weight: 'bold', color: INK, width: CONTENT_WIDTH });
  const after = ctx.after(title);
  if (after) write(ctx, after, MARGIN, ctx.pdf.y + 1, { size: 12, weight: 'bold', color: INK, width: CONTENT_WIDTH });
  ctx.pdf.y += 10;
}

/** The sentence that says which receipt this one replaces, in a box so it is not missed. */
function drawNote(ctx: Ctx, text: string): void {
  const { pdf } = ctx;
  const pad = 8;
  const height = heightOf(ctx, text, CONTENT_WIDTH - 2 * pad, 9.5) + 2 * pad;
  ensureSpace(ctx, height);
  const top = pdf.y;
  pdf.rect(MARGIN, top, CONTENT_WIDTH, height).lineWidth(1).fillAndStroke(NOTE_FILL, NOTE_BORDER);
  write(ctx, text, MARGIN + pad, top + pad, { size: 9.5, color: INK, width: CONTENT_WIDTH - 2 * pad });
  pdf.y = Math.max(pdf.y, top + height) + 12;
}

function drawFacts(ctx: Ctx, facts: TaxFact[]): void {
  const { pdf } = ctx;
  const labelWidth = 150;
  const valueX = MARGIN + labelWidth + 10;
  const valueWidth = RIGHT - valueX;
  for (const fact of facts) {
    ensureSpace(ctx, heightOf(ctx, fact.value, valueWidth, 10) + 4);
    const top = pdf.y;
    write(ctx, fact.label, MARGIN, top + 1, { size: 9, color: MUTED, width: labelWidth });
    const labelBottom = pdf.y;
    write(ctx, fact.value, valueX, top, { size: 10, color: INK, width: valueWidth });
    pdf.y = Math.max(labelBottom, pdf.y) + 3;
  }
  pdf.y += 12;
}

function lineCells(line: TaxDocumentLine): string[] {
  return [line.name, line.kind, String(line.quantity), line.amount, line.benefit ?? '—', line.deductible];
}

function giftCells(gift: StatementGift): string[] {
  return [gift.receiptNumber, gift.date, gift.center, gift.amount, gift.deductible];
}

function rowHeight(ctx: Ctx, columns: Column[], cells: string[], weight: TaxFontWeight): number {
  let height = 0;
  columns.forEach((column, index) => {
    const text = cells[index] ?? '';
    height = Math.max(height, heightOf(ctx, text, column.width - 2 * CELL_PAD_X, TABLE_SIZE, weight));
  });
  return height + 2 * CELL_PAD_Y;
}

function drawRow(ctx: Ctx, columns: Column[], cells: string[], top: number, weight: TaxFontWeight): number {
  const { pdf } = ctx;
  let x = MARGIN;
  let bottom = top;
  columns.forEach((column, index) => {
    write(ctx, cells[index] ?? '', x + CELL_PAD_X, top + CELL_PAD_Y, {
      size: TABLE_SIZE,
      weight,
      color: INK,
      width: column.width - 2 * CELL_PAD_X,
      align: column.align,
    });
    bottom = Math.max(bottom, pdf.y);
    x += column.width;
  });
  return bottom + CELL_PAD_Y;
}

function drawHeaderRow(ctx: Ctx, columns: Column[]): void {
  const { pdf } = ctx;
  const headers = columns.map((column) => column.header);
  const height = rowHeight(ctx, columns, headers, 'bold');
  const top = pdf.y;
  pdf.rect(MARGIN, top, CONTENT_WIDTH, height).fill(HEADER_FILL);
  drawRow(ctx, columns, headers, top, 'bold');
  pdf.y = top + height;
}

/**
 * A table that runs over as many pages as it needs (a donor may have 300 gifts in a year), its
 * header repeated at the top of each page. A row is never split across pages.
 */
function drawTable(ctx: Ctx, columns: Column[], rows: string[][]): void {
  const { pdf } = ctx;
  const headerHeight = rowHeight(
    ctx,
    columns,
    columns.map((column) => column.header),
    'bold',
  );
  const first = rows[0];
  ensureSpace(ctx, headerHeight + (first ? rowHeight(ctx, columns, first, 'regular') : 0));
  drawHeaderRow(ctx, columns);
  rows.forEach((cells, index) => {
    const height = rowHeight(ctx, columns, cells, 'regular');
    if (pdf.y + height > maxY(pdf)) {
      pdf.addPage();
      pdf.y = MARGIN;
      drawHeaderRow(ctx, columns);
    }
    const top = pdf.y;
    if (index % 2 === 1) pdf.rect(MARGIN, top, CONTENT_WIDTH, height).fill(ZEBRA);
    const bottom = drawRow(ctx, columns, cells, top, 'regular');
    pdf.y = Math.max(top + height, bottom);
  });
  pdf.moveTo(MARGIN, pdf.y).lineTo(RIGHT, pdf.y).lineWidth(0.75).strokeColor(RULE).stroke();
  pdf.y += 10;
}

/** The totals, right-aligned under the table's amount columns, kept together on one page. */
function drawTotals(ctx: Ctx, totals: TaxFact[]): void {
  if (totals.length === 0) return;
  const { pdf } = ctx;
  const valueWidth = 90;
  // As wide as the page allows, so that a long label ('Amount deductible for federal income tax
  // purposes') stays on one line, right-aligned against its value.
  const labelWidth = CONTENT_WIDTH - valueWidth;
  const labelX = MARGIN;
  const rowHeights = totals.map((total) => {
    const after = ctx.after(total.label);
    const translation = after ? heightOf(ctx, after, labelWidth - 10, 10 * TRANSLATION_SCALE) : 0;
    return heightOf(ctx, total.label, labelWidth - 10, 10) + translation + 5;
  });
  ensureSpace(
    ctx,
    rowHeights.reduce((sum, height) => sum + height, 0),
  );
  totals.forEach((total, index) => {
    const top = pdf.y;
    const last = index === totals.length - 1;
    write(ctx, total.label, labelX, top, {
      size: 10,
      weight: last ? 'bold' : 'regular',
      color: last ? INK : MUTED,
      width: labelWidth - 10,
      align: 'right',
    });
    const after = ctx.after(total.label);
    if (after) {
      write(ctx, after, labelX, pdf.y, {
        size: 10 * TRANSLATION_SCALE,
        color: MUTED,
        width: labelWidth - 10,
        align: 'right',
      });
    }
    const labelBottom = pdf.y;
    write(ctx, total.value, RIGHT - valueWidth, top, {
      size: 10,
      weight: 'bold',
      color: INK,
      width: valueWidth,
      align: 'right',
    });
    pdf.y = Math.max(labelBottom, pdf.y) + 4;
    if (index === totals.length - 2) {
      pdf
        .moveTo(RIGHT - 300, pdf.y - 2)
        .lineTo(RIGHT, pdf.y - 2)
        .lineWidth(0.75)
        .strokeColor(RULE)
        .stroke();
      pdf.y += 2;
    }
  });
  pdf.y += 14;
}

function drawStatements(ctx: Ctx, statements: string[]): void {
  const { pdf } = ctx;
  const size = 9.5 * TRANSLATION_SCALE;
  for (const statement of statements) {
    // The English sentence and its translation are kept together on one page.
    const after = ctx.after(statement);
    const translation = after ? heightOfRuns(pdf, ctx.fonts, after, CONTENT_WIDTH, size, { lineGap: 2 }) + 3 : 0;
    ensureSpace(ctx, heightOf(ctx, statement, CONTENT_WIDTH, 9.5) + translation + 2);
    write(ctx, statement, MARGIN, pdf.y, { size: 9.5, color: INK, width: CONTENT_WIDTH, lineGap: 2 });
    if (after) write(ctx, after, MARGIN, pdf.y + 3, { size, color: MUTED, width: CONTENT_WIDTH, lineGap: 2 });
    pdf.y += 7;
  }
}

function drawSignature(ctx: Ctx, signature: NonNullable<TaxDocument['signature']>): void {
  const { pdf } = ctx;
  const width = 200;
  const imageHeight = 50;
  ensureSpace(ctx, imageHeight + 48);
  const top = pdf.y + 8;
  if (signature.image) {
    try {
      pdf.image(Buffer.from(signature.image), MARGIN, top, { fit: [width, imageHeight], valign: 'bottom' });
    } catch {
      // Bytes that are neither PNG nor JPEG: the line stays empty to sign by hand, the receipt is still issued.
    }
  }
  const lineY = top + imageHeight + 2;
  pdf
    .moveTo(MARGIN, lineY)
    .lineTo(MARGIN + width, lineY)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  write(ctx, signature.name, MARGIN, lineY + 4, { size: 10, weight: 'bold', color: INK, width: 300 });
  write(ctx, signature.title, MARGIN, pdf.y, { size: 9, color: MUTED, width: 300 });
  pdf.y += 8;
}

/** On the pages after the first: whose document a loose page belongs to. */
function drawRunningHeader(ctx: Ctx, doc: TaxDocument): void {
  write(ctx, `${doc.issuer.name}  ·  ${doc.title}`, MARGIN, MARGIN - 24, {
    size: FOOTER_SIZE,
    color: MUTED,
    width: CONTENT_WIDTH,
    lineBreak: false,
  });
}

const FOOTER_SIZE = 7.5;

/** The footer's lines, a legal one (the CRA's website) followed by its translation. */
function footerLines(ctx: Ctx, footer: string[]): string[] {
  return footer.flatMap((line) => {
    const after = ctx.after(line);
    return after ? [line, after] : [line];
  });
}

function footerHeight(ctx: Ctx, footer: string[]): number {
  // The page number shares the last line's height; with no footer lines it has its own.
  const lines = footer.length === 0 ? ['Page'] : footerLines(ctx, footer);
  return lines.reduce((sum, line) => sum + heightOf(ctx, line, CONTENT_WIDTH - 80, FOOTER_SIZE) + 1, 8);
}

function drawFooter(ctx: Ctx, footer: string[], page: number, pages: number): void {
  const { pdf } = ctx;
  const top = pdf.page.height - MARGIN - footerHeight(ctx, footer) + 8;
  pdf
    .moveTo(MARGIN, top - 6)
    .lineTo(RIGHT, top - 6)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf.y = top;
  for (const line of footerLines(ctx, footer)) {
    write(ctx, line, MARGIN, pdf.y, { size: FOOTER_SIZE, color: MUTED, width: CONTENT_WIDTH - 80 });
    pdf.y += 1;
  }
  write(ctx, ctx.i18n._('Page {page} of {pages}', { page, pages }), RIGHT - 80, top, {
    size: FOOTER_SIZE,
    color: MUTED,
    width: 80,
    align: 'right',
    lineBreak: false,
  });
}

/** 'VOID' large, light and diagonal across the page: the page stays readable, and cannot be mistaken. */
function drawStamp(ctx: Ctx, stamp: string): void {
  const { pdf } = ctx;
  const centerX = pdf.page.width / 2;
  const centerY = pdf.page.height / 2;
  const size = 150;
  pdf.save();
  pdf.rotate(-35, { origin: [centerX, centerY] });
  pdf.font(taxFontName('latin', 'bold')).fontSize(size).fillColor(ALERT).fillOpacity(0.14);
  const width = pdf.widthOfString(stamp);
  pdf.text(stamp, centerX - width / 2, centerY - size * 0.68, { lineBreak: false });
  pdf.restore();
}
