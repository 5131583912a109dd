import { describe, expect, it } from 'vitest';
import { loadTaxFonts } from './tax-fonts';
import { splitTextRuns } from './text-runs';

const fonts = loadTaxFonts();

describe('splitTextRuns', () => {
  it('gives Telugu words, the spaces between them and their joiners to the Telugu font', () => {
    // The Telugu font has a space but no comma: the comma goes back to Noto Sans.
    expect(splitTextRuns('Donor: శ్రీనివాస్ రెడ్డి, 2026', fonts)).toEqual([
      { script: 'latin', text: 'Donor: ' },
      { script: 'telugu', text: 'శ్రీనివాస్ రెడ్డి' },
      { script: 'latin', text: ', 2026' },
    ]);
    expect(splitTextRuns('క్\u200Dష।', fonts)).toEqual([{ script: 'telugu', text: 'క్\u200Dష।' }]);
  });

  it('sets letters outside Latin-1 in the latin-ext subset, and gives characters no font has to Latin', () => {
    expect(splitTextRuns('Łukasz Zoë', fonts)).toEqual([
      { script: 'latin-ext', text: 'Ł' },
      { script: 'latin', text: 'ukasz Zoë' },
    ]);
    expect(splitTextRuns('王😀', fonts)).toEqual([{ script: 'latin', text: '王😀' }]);
  });

  it('gives Hindi words, the spaces between them and their danda to Noto Sans Devanagari', () => {
    expect(splitTextRuns('Donor: श्री राम शर्मा, 2026', fonts)).toEqual([
      { script: 'latin', text: 'Donor: ' },
      { script: 'devanagari', text: 'श्री राम शर्मा' },
      { script: 'latin', text: ', 2026' },
    ]);
    // A Hindi sentence ends with a danda, a Telugu one may too: each stays in its own script's run.
    expect(splitTextRuns('कृपया रसीद रखें। రసీదు।', fonts)).toEqual([
      { script: 'devanagari', text: 'कृपया रसीद रखें। ' },
      { script: 'telugu', text: 'రసీదు।' },
    ]);
  });

  it('shapes Hindi in its font: conjuncts are one glyph, the vowel sign ि is drawn before its consonant', () => {
    const devanagari = fonts.files.find((file) => file.script === 'devanagari' && file.weight === 'regular');
    if (!devanagari) throw new Error('no Devanagari font');
    const glyphs = (text: string) => devanagari.font.layout(text).glyphs.map((glyph) => glyph.codePoints);
    // श्र (three code points) is one glyph, then the vowel sign ी.
    expect(glyphs('श्री')).toEqual([[0x0936, 0x094d, 0x0930], [0x0940]]);
    expect(glyphs('क्ष')).toEqual([[0x0915, 0x094d, 0x0937]]);
    expect(glyphs('कि')).toEqual([[0x093f], [0x0915]]);
    expect(glyphs('प्रमाणपत्र')).toHaveLength(6);
  });

  it('keeps every character: the runs joined are the text', () => {
    const text = 'Sri (శ్రీ) — Łódź ₹100 లక్ష్మి श्री क्षमा। 😀';
    expect(
      splitTextRuns(text, fonts)
        .map((run) => run.text)
        .join(''),
    ).toBe(text);
  });
});
