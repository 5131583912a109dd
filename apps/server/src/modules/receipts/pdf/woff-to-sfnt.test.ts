/** The fonts converted from WOFF are the same fonts: same glyphs, same metrics, same shaping. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './woff-to-sfnt';

const require = createRequire(import.meta.url);
const open = (bytes: Buffer) => {
  const font = fontkit.create(bytes);
  if (!('layout' in font)) throw new Error('a collection');
  return font;
};

describe('woffToSfnt', () => {
  for (const file of [
    '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
    '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
  ]) {
    it(`gives the same font as ${file.split('/').pop()}`, () => {
      const woff = readFileSync(require.resolve(file));
      const sfnt = woffToSfnt(woff);
      const before = open(woff);
      const after = open(sfnt);
      expect(sfnt.readUInt32BE(0)).toBe(woff.readUInt32BE(4)); // the WOFF's flavor is the sfnt version
      expect(after.numGlyphs).toBe(before.numGlyphs);
      expect(after.postscriptName).toBe(before.postscriptName);
      // Conjuncts and vowel signs (not 'శ్రీ', which needs fontkit-null-anchor.ts).
      const text = file.includes('telugu')
        ? 'లక్ష్మి రెడ్డి'
        : file.includes('devanagari')
          ? 'श्री प्रमाणपत्र क्षमा'
          : 'Receipt 2026-000123: $400.00';
      const shaped = (font: fontkit.Font) => font.layout(text).glyphs.map((g) => [g.id, g.advanceWidth]);
      expect(shaped(after)).toEqual(shaped(before));
    });
  }

  it('refuses a file that is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('not a font at all, but long enough to have a header....'))).toThrow(
      'not a WOFF 1.0 font',
    );
  });
});
