/**
 * pdfkit sets a string in one font and has no fallback: a Telugu or Hindi word in Noto Sans would
 * come out as empty boxes, and Latin text in an Indic font likewise (they have no digits). So text
 * is split into runs, each set in a font that has its glyphs, and the runs are drawn one after
 * another with `continued: true` so they wrap as one paragraph. fontkit shapes each run (conjuncts
 * such as Telugu 'శ్రీ' and 'క్ష', Hindi 'श्री' and 'क्ष', and the vowel sign 'ि' drawn before its
 * consonant, need the whole syllable in one run, which splitting by script keeps).
 */
import type { TaxFontScript, TaxFonts, TaxFontWeight } from './tax-fonts';
import { taxFontName } from './tax-fonts';

export type TextRun = { script: TaxFontScript; text: string };

type IndicScript = 'telugu' | 'devanagari';

function isTelugu(codePoint: number): boolean {
  return codePoint >= 0x0c00 && codePoint <= 0x0c7f;
}

/** The Devanagari block and its Vedic and extended signs. */
function isDevanagari(codePoint: number): boolean {
  return (
    (codePoint >= 0x0900 && codePoint <= 0x097f && codePoint !== 0x0964 && codePoint !== 0x0965) ||
    (codePoint >= 0x1cd0 && codePoint <= 0x1cf9) ||
    (codePoint >= 0xa8e0 && codePoint <= 0xa8ff)
  );
}

/**
 * The zero-width (non-)joiners that steer conjuncts, and the dandas ('।', '॥') that end a sentence
 * in both scripts: they belong to the Indic run they follow, whichever script it is.
 */
function isIndicShared(codePoint: number): boolean {
  return codePoint === 0x200c || codePoint === 0x200d || codePoint === 0x0964 || codePoint === 0x0965;
}

const isIndic = (script: TaxFontScript | undefined): script is IndicScript =>
  script === 'telugu' || script === 'devanagari';

/** Spaces and punctuation between two Indic words stay in the Indic run when its font has them. */
function isNeutral(char: string): boolean {
  return /^[\s\p{P}]$/u.test(char);
}

function scriptOf(
  char: string,
  codePoint: number,
  previous: TaxFontScript | undefined,
  fonts: Pick<TaxFonts, 'covers'>,
): TaxFontScript {
  if (isTelugu(codePoint)) return 'telugu';
  if (isDevanagari(codePoint)) return 'devanagari';
  if (isIndicShared(codePoint)) {
    if (isIndic(previous)) return previous;
    // Alone, a joiner goes to Telugu as it always has, a danda to the script whose block it is in.
    return codePoint === 0x0964 || codePoint === 0x0965 ? 'devanagari' : 'telugu';
  }
  if (isIndic(previous) && isNeutral(char) && fonts.covers(previous, codePoint)) return previous;
  if (fonts.covers('latin', codePoint)) return 'latin';
  if (fonts.covers('latin-ext', codePoint)) return 'latin-ext';
  if (fonts.covers('telugu', codePoint)) return 'telugu';
  if (fonts.covers('devanagari', codePoint)) return 'devanagari';
  // No font has it (an emoji, a CJK name): the Latin font draws its empty box rather than failing.
  return 'latin';
}

/** Splits `text` into maximal runs that one font can set; the runs joined give `text` back. */
export function splitTextRuns(text: string, fonts: Pick<TaxFonts, 'covers'>): TextRun[] {
  const runs: TextRun[] = [];
  for (const char of text) {
    const last = runs.at(-1);
    const script = scriptOf(char, char.codePointAt(0) ?? 0, last?.script, fonts);
    if (last && last.script === script) last.text += char;
    else runs.push({ script, text: char });
  }
  return runs;
}

export type RunsOptions = PDFKit.Mixins.TextOptions & { weight?: TaxFontWeight; size: number; color: string };

/** The width of `text` on one line, each run measured in its own font (shaped, as it is drawn). */
export function widthOfRuns(
  pdf: PDFKit.PDFDocument,
  fonts: TaxFonts,
  text: string,
  size: number,
  weight: TaxFontWeight = 'regular',
): number {
  return splitTextRuns(text, fonts).reduce(
    (sum, run) => sum + pdf.font(taxFontName(run.script, weight)).fontSize(size).widthOfString(run.text),
    0,
  );
}

/**
 * The height `text` takes wrapped in `width`. Text of one run is measured by pdfkit itself; text of
 * several runs (a Telugu sentence with an amount in it) by filling lines word by word as pdfkit's
 * wrapping does, each word measured in its fonts, at the tallest line height among them.
 */
export function heightOfRuns(
  pdf: PDFKit.PDFDocument,
  fonts: TaxFonts,
  text: string,
  width: number,
  size: number,
  { weight = 'regular', lineGap = 0 }: { weight?: TaxFontWeight; lineGap?: number } = {},
): number {
  const runs = splitTextRuns(text, fonts);
  if (runs.length <= 1) {
    pdf.font(taxFontName(runs[0]?.script ?? 'latin', weight)).fontSize(size);
    return pdf.heightOfString(text, { width, lineGap });
  }
  const lineHeight = Math.max(
    ...[...new Set(runs.map((run) => run.script))].map(
      (script) => pdf.font(taxFontName(script, weight)).fontSize(size).currentLineHeight(true) + lineGap,
    ),
  );
  const space = widthOfRuns(pdf, fonts, ' ', size, weight);
  let lines = 0;
  for (const paragraph of text.split('\n')) {
    let used = 0;
    lines += 1;
    for (const word of paragraph.split(' ')) {
      const wordWidth = widthOfRuns(pdf, fonts, word, size, weight);
      if (used > 0 && used + space + wordWidth > width) {
        lines += 1;
        used = 0;
      }
      // A word wider than the line is broken inside it, as pdfkit does.
      if (wordWidth > width) {
        lines += Math.ceil(wordWidth / width) - 1;
        used = wordWidth % width;
      } else used += (used > 0 ? space : 0) + wordWidth;
    }
  }
  return lines * lineHeight;
}

/**
 * Draws `text` at (x, y) in as many runs as it needs; afterwards `pdf.y` is below it. Text of
 * several runs is right-aligned or centred line by line when each fits on one line (pdfkit would
 * align each continued run on its own), and left-aligned when it wraps.
 */
export function drawTextRuns(
  pdf: PDFKit.PDFDocument,
  fonts: TaxFonts,
  text: string,
  x: number,
  y: number,
  { weight = 'regular', size, color, ...options }: RunsOptions,
): void {
  const runs = splitTextRuns(text, fonts);
  pdf.fontSize(size).fillColor(color);
  if (runs.length <= 1) {
    pdf.font(taxFontName(runs[0]?.script ?? 'latin', weight)).text(text, x, y, options);
    return;
  }
  const { align, ...leftAligned } = options;
  if ((align === 'right' || align === 'center') && text.includes('\n')) {
    // Each line aligned on its own: a legal header and its translation under it.
    let top = y;
    for (const line of text.split('\n')) {
      drawTextRuns(pdf, fonts, line, x, top, { weight, size, color, ...options });
      top = pdf.y;
    }
    return;
  }
  let left = x;
  if ((align === 'right' || align === 'center') && leftAligned.width !== undefined) {
    const free = leftAligned.width - widthOfRuns(pdf, fonts, text, size, weight);
    if (free > 0) {
      left = x + (align === 'right' ? free : free / 2);
      leftAligned.width -= left - x;
    }
  }
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    pdf.font(taxFontName(run.script, weight));
    if (index === 0) pdf.text(run.text, left, y, { ...leftAligned, continued });
    else pdf.text(run.text, { continued });
  });
}
