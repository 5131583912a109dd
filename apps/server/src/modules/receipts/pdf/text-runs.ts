/**
 * pdfkit sets a string in one font and has no fallback: a Telugu name in Noto Sans would come out
 * as empty boxes, and Latin text in the Telugu font likewise (it has no digits). So text is split
 * into runs, each set in a font that has its glyphs, and the runs are drawn one after another with
 * `continued: true` so they wrap as one paragraph. fontkit shapes each run (Telugu conjuncts such
 * as 'శ్రీ' and 'క్ష' need the whole syllable in one run, which splitting by script keeps).
 */
import type { TaxFontScript, TaxFonts, TaxFontWeight } from './tax-fonts';
import { taxFontName } from './tax-fonts';

export type TextRun = { script: TaxFontScript; text: string };

/** The Telugu block, the zero-width (non-)joiners that steer its conjuncts, and the dandas. */
function isTelugu(codePoint: number): boolean {
  return (
    (codePoint >= 0x0c00 && codePoint <= 0x0c7f) ||
    codePoint === 0x200c ||
    codePoint === 0x200d ||
    codePoint === 0x0964 ||
    codePoint === 0x0965
  );
}

/** Spaces and punctuation between two Telugu words stay in the Telugu run when its font has them. */
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
  if (previous === 'telugu' && isNeutral(char) && fonts.covers('telugu', codePoint)) return 'telugu';
  if (fonts.covers('latin', codePoint)) return 'latin';
  if (fonts.covers('latin-ext', codePoint)) return 'latin-ext';
  if (fonts.covers('telugu', codePoint)) return 'telugu';
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

/**
 * Draws `text` at (x, y) in as many runs as it needs; afterwards `pdf.y` is below it. Alignment other
 * than left applies only to text of one run (amounts, dates): pdfkit aligns each continued run on
 * its own.
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
  const { align: _align, ...leftAligned } = options;
  runs.forEach((run, index) => {
    const continued = index < runs.length - 1;
    pdf.font(taxFontName(run.script, weight));
    if (index === 0) pdf.text(run.text, x, y, { ...leftAligned, continued });
    else pdf.text(run.text, { continued });
  });
}
