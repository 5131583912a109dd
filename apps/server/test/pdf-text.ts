/**
 * A PDF as a reader gets it: its text read back with pdf.js (Firefox's PDF reader), page by page,
 * and its metadata. Tests of receipts and statements assert on this, not on how the PDF was drawn.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type ReadBack = { pages: string[]; text: string; info: Record<string, unknown>; raw: string };

export async function readPdf(bytes: Uint8Array): Promise<ReadBack> {
  const copy = Buffer.from(bytes);
  // pdf.js takes ownership of the array it is given: a copy keeps `bytes` intact.
  const pdf = await getDocument({ data: new Uint8Array(copy), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { pages, text: pages.join('\n'), info: info as Record<string, unknown>, raw: copy.toString('latin1') };
}

/** The whole text, runs joined by single spaces (a line of the PDF may be drawn in several runs). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdf(bytes)).text.replace(/\s+/g, ' ');
}
