/** Display rules for catalogue cards (SPEC.md §2 "Catalogue", §9). */

/** Descriptions longer than this are cut at the last space before it. */
export const DESCRIPTION_CUT = 500;
export const ELLIPSIS = '...';

export type CutDescription = { text: string; isCut: boolean };

export function cutDescription(desc: string, limit = DESCRIPTION_CUT): CutDescription {
  if (desc.length <= limit) return { text: desc, isCut: false };
  const head = desc.slice(0, limit);
  const lastSpace = head.lastIndexOf(' ');
  // A single 500-character word has no space to cut at: cut it hard rather than show nothing.
  const kept = lastSpace > 0 ? head.slice(0, lastSpace) : head;
  return { text: `${kept.trimEnd()}${ELLIPSIS}`, isCut: true };
}

/** Price thresholds, in dollars, that pick a card's background colour. */
export const COLOUR_THRESHOLDS = { yellow: 5000, orange: 2500, sky: 10, teal: 500 } as const;

export type CardColour = 'yellow' | 'orange' | 'sky' | 'teal' | 'grey';

/** 5000 and above yellow; 2500 and above orange; exactly 10 sky; 500 and above teal; otherwise grey. */
export function cardColour(priceDollars: number): CardColour {
  if (priceDollars >= COLOUR_THRESHOLDS.yellow) return 'yellow';
  if (priceDollars >= COLOUR_THRESHOLDS.orange) return 'orange';
  if (priceDollars === COLOUR_THRESHOLDS.sky) return 'sky';
  if (priceDollars >= COLOUR_THRESHOLDS.teal) return 'teal';
  return 'grey';
}

/** Items priced 0 take an amount the visitor enters (ids 7 and 8 in SPEC.md §3). */
export function isOpenAmount(item: { price: number }): boolean {
  return item.price === 0;
}
