/**
 * Telugu read back from a PDF: pdfkit's ToUnicode map gives the letters back in the shaped glyphs'
 * visual order (శ్రీ comes out as శీ్ర), so tests compare the same letters, not their order.
 */
export const sortedLetters = (text: string): string => [...text.replace(/\s/g, '')].sort().join('');

/** Each stretch of Telugu in `text` (spaces inside kept), as sorted letters. */
export function teluguStretches(text: string): string[] {
  return (text.match(/[\u0C00-\u0C7F][\u0C00-\u0C7F\s]*[\u0C00-\u0C7F]/g) ?? []).map(sortedLetters);
}
