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

  it('keeps every character: the runs joined are the text', () => {
    const text = 'Sri (శ్రీ) — Łódź ₹100 లక్ష్మి 😀';
    expect(
      splitTextRuns(text, fonts)
        .map((run) => run.text)
        .join(''),
    ).toBe(text);
  });
});
