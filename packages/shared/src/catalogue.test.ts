import { describe, expect, it } from 'vitest';
import { cardColour, cutDescription, DESCRIPTION_CUT, isOpenAmount } from './catalogue';

describe('cutDescription', () => {
  it('leaves descriptions of 500 characters or fewer whole', () => {
    const exact = 'a'.repeat(DESCRIPTION_CUT);
    expect(cutDescription(exact)).toEqual({ text: exact, isCut: false });
    expect(cutDescription('Short text.')).toEqual({ text: 'Short text.', isCut: false });
  });

  it('cuts at the last space before character 500 and ends with an ellipsis', () => {
    const words = 'word '.repeat(150); // 750 characters
    const { text, isCut } = cutDescription(words);
    expect(isCut).toBe(true);
    expect(text.endsWith('word...')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_CUT + 3);
    // The first 500 characters are 100 'word ' groups; the last space among them is character 500 itself.
    expect(text).toBe(`${'word '.repeat(100).trimEnd()}...`);
  });

  it('never cuts inside a word', () => {
    const desc = `${'x'.repeat(495)} abcdefghij more words`;
    expect(cutDescription(desc).text).toBe(`${'x'.repeat(495)}...`);
  });

  it('cuts a single space-less run hard rather than showing nothing', () => {
    const { text } = cutDescription('y'.repeat(600));
    expect(text).toBe(`${'y'.repeat(500)}...`);
  });
});

describe('cardColour', () => {
  it.each([
    [5000, 'yellow'],
    [7500, 'yellow'],
    [2500, 'orange'],
    [4999.99, 'orange'],
    [10, 'sky'],
    [500, 'teal'],
    [2499, 'teal'],
    [0, 'grey'],
    [5, 'grey'],
    [11, 'grey'],
    [9.99, 'grey'],
    [499, 'grey'],
  ] as const)('price %s is %s', (price, colour) => {
    expect(cardColour(price)).toBe(colour);
  });
});

describe('isOpenAmount', () => {
  it('is true only for price 0', () => {
    expect(isOpenAmount({ price: 0 })).toBe(true);
    expect(isOpenAmount({ price: 5 })).toBe(false);
  });
});
