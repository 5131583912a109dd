/**
 * The fonts a tax document is set in, embedded in every PDF: Noto Sans for Latin text, Noto Sans
 * Telugu and Noto Sans Devanagari for names and for the words of a Telugu or Hindi document. The machine has no system fonts and pdfkit's
 * built-in Helvetica is not embedded (a viewer substitutes its own), so nothing falls back to it.
 *
 * The files come from the @fontsource packages (dependencies, so `npm ci --omit=dev` installs them),
 * resolved through Node's resolver at run time: the esbuild bundle keeps node_modules external, so
 * the same lookup works under tsx, under vitest and from apps/server/dist. Fontsource splits each
 * font into unicode subsets (its index.css lists their unicode-range), hence one file per subset;
 * the .woff files, because fontkit (pdfkit's font engine) reads WOFF but not WOFF2 reliably.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { avoidNullAnchorCrash } from './fontkit-null-anchor';
import { woffToSfnt } from './woff-to-sfnt';

export type TaxFontWeight = 'regular' | 'bold';
/** Which font a run of text is set in; text-runs.ts decides. */
export type TaxFontScript = 'latin' | 'latin-ext' | 'telugu' | 'devanagari';

export const TAX_FONT_SCRIPTS: readonly TaxFontScript[] = ['latin', 'latin-ext', 'telugu', 'devanagari'];

const FILES: Record<TaxFontScript, Record<TaxFontWeight, string>> = {
  latin: {
    regular: '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
    bold: '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff',
  },
  'latin-ext': {
    regular: '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
    bold: '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff',
  },
  telugu: {
    regular: '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff',
    bold: '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff',
  },
  devanagari: {
    regular: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
    bold: '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
  },
};

/** The name a font is registered under with pdfkit's `registerFont`. */
export function taxFontName(script: TaxFontScript, weight: TaxFontWeight): string {
  return `${script}-${weight}`;
}

/**
 * A font file, read, inflated (`bytes` is the plain sfnt) and parsed once per process. `font` is
 * what pdfkit is given: parsing the font files for every document, and fontkit inflating WOFF tables
 * on every read, were ~95% of a receipt's CPU; pdfkit takes a parsed fontkit font as it is and makes
 * each document's subset from it.
 */
export type TaxFontFile = {
  name: string;
  script: TaxFontScript;
  weight: TaxFontWeight;
  path: string;
  bytes: Buffer;
  font: fontkit.Font;
};

export type TaxFonts = {
  files: TaxFontFile[];
  /** Whether the font of a script has a glyph for a code point (the regular weight's cmap). */
  covers(script: TaxFontScript, codePoint: number): boolean;
};

let loaded: TaxFonts | undefined;

/** Reads and parses the font files once per process (about 900 KB); every document embeds only the glyphs it uses. */
export function loadTaxFonts(): TaxFonts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const files: TaxFontFile[] = [];
  const coverage = new Map<TaxFontScript, fontkit.Font>();
  for (const script of TAX_FONT_SCRIPTS) {
    for (const weight of ['regular', 'bold'] as const) {
      const path = require.resolve(FILES[script][weight]);
      // Inflated once here, not by fontkit on every read of a table (woff-to-sfnt.ts).
      const bytes = woffToSfnt(readFileSync(path));
      const font = fontkit.create(bytes);
      if (!('hasGlyphForCodePoint' in font)) throw new Error(`${FILES[script][weight]} is a font collection`);
      files.push({ name: taxFontName(script, weight), script, weight, path, bytes, font });
      if (weight === 'regular') coverage.set(script, font);
      // Both Indic fonts position their marks through GPOS; the wrapper is installed once either way.
      if (script === 'telugu' || script === 'devanagari') avoidNullAnchorCrash(font);
    }
  }
  loaded = {
    files,
    covers: (script, codePoint) => coverage.get(script)?.hasGlyphForCodePoint(codePoint) ?? false,
  };
  return loaded;
}

/**
 * One parsed font seen by one document: its tables are the shared parse (the costly part), its glyph
 * objects its own. fontkit keeps a glyph with the characters it was first drawn for, and pdfkit
 * writes those into the PDF's text layer (ToUnicode); with one cache for every document of the
 * process, a Hindi word read back from a PDF depended on what earlier documents had drawn ('पाठ'
 * came back as 'पोठ' after a ticket). The view also gets a layout engine of its own, since fontkit
 * binds the engine to the font that made it.
 */
function viewForOneDocument(font: fontkit.Font): fontkit.Font {
  const view: fontkit.Font = Object.create(font);
  Object.defineProperty(view, '_glyphs', { value: {}, writable: true });
  for (let proto: object | null = Object.getPrototypeOf(font); proto; proto = Object.getPrototypeOf(proto)) {
    const getter = Object.getOwnPropertyDescriptor(proto, '_layoutEngine')?.get;
    // fontkit's cached getter stores the engine it makes on the object it is called on: the view.
    if (getter) {
      getter.call(view);
      break;
    }
  }
  return view;
}

/** What a PDF document needs of the fonts: the one it starts in, and the registration of every one. */
export type DocumentFonts = {
  /** For PDFDocument's `font` option: pdfkit takes a parsed fontkit font where its types say a file name. */
  starting: string;
  register(pdf: PDFKit.PDFDocument): void;
};

/** The fonts for one new document (viewForOneDocument), starting in the Latin regular. */
export function fontsForOneDocument(): DocumentFonts {
  const views = loadTaxFonts().files.map((file) => ({ name: file.name, font: viewForOneDocument(file.font) }));
  const latin = views.find((file) => file.name === taxFontName('latin', 'regular'));
  if (!latin) throw new Error('The Latin font is missing from tax-fonts.ts');
  return {
    starting: latin.font as unknown as string,
    // pdfkit accepts a fontkit font where its types say a file or bytes.
    register: (pdf) => {
      for (const view of views) pdf.registerFont(view.name, view.font as unknown as Buffer);
    },
  };
}
