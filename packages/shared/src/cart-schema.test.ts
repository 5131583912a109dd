import { describe, expect, it } from 'vitest';
import { lineFor } from './cart';
import { parseStoredCart } from './cart-schema';

const book = { id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', price: 5, image: '/images/satakam-cover.svg' };

describe('parseStoredCart', () => {
  const good = lineFor(book);

  it('reads back what was saved', () => {
    expect(parseStoredCart(JSON.stringify([good]))).toEqual([good]);
  });

  it.each([
    ['nothing stored', null],
    ['corrupt JSON', '{not json'],
    ['an object', '{"key":"9"}'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['null', 'null'],
  ])('gives an empty bucket for %s', (_label, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('drops invalid or duplicate lines and keeps the valid ones', () => {
    const raw = JSON.stringify([
      good,
      { ...good, key: 'x', quantity: 0 },
      { ...good, key: 'y', price: -1 },
      { ...good, key: 'z', quantity: 1.5 },
      { foo: 'bar' },
      good,
    ]);
    expect(parseStoredCart(raw)).toEqual([good]);
  });
});
