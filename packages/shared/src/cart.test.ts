import { describe, expect, it } from 'vitest';
import {
  addLine,
  type CartLine,
  changeQuantity,
  lineFor,
  QUANTITY_MAX,
  removeLine,
  totalCents,
  totalQuantity,
} from './cart';

const book = { id: 9, name: 'Guruvara Dattam Vimalacharita Satakam', price: 5, image: '/images/satakam-cover.svg' };
const vagdevi = { id: 7, name: 'SGS Vagdevi Center', price: 0 };

describe('lineFor', () => {
  it('makes a fixed-price line keyed by the catalogue id', () => {
    expect(lineFor(book)).toEqual({ key: '9', id: 9, name: book.name, price: 5, quantity: 1, image: book.image });
  });

  it('makes an open-amount line carrying the entered amount as price and in the name', () => {
    expect(lineFor(vagdevi, 2500)).toEqual({
      key: '7:2500',
      id: 7,
      name: 'SGS Vagdevi Center - $25.00',
      price: 25,
      quantity: 1,
      custom: true,
    });
  });
});

describe('cart operations', () => {
  it('adds a new line with quantity 1 and increases quantity when the same item is added again', () => {
    let lines: CartLine[] = [];
    lines = addLine(lines, lineFor(book));
    expect(lines).toHaveLength(1);
    lines = addLine(lines, lineFor(book));
    expect(lines).toEqual([expect.objectContaining({ key: '9', quantity: 2 })]);
  });

  it('keeps different open amounts to the same cause as separate lines', () => {
    const lines = addLine(addLine([], lineFor(vagdevi, 2500)), lineFor(vagdevi, 5000));
    expect(lines.map((l) => l.name)).toEqual(['SGS Vagdevi Center - $25.00', 'SGS Vagdevi Center - $50.00']);
  });

  it('changes quantity by one with a floor of 1 and a cap', () => {
    let lines = addLine([], lineFor(book));
    lines = changeQuantity(lines, '9', +1);
    expect(lines[0]?.quantity).toBe(2);
    lines = changeQuantity(changeQuantity(changeQuantity(lines, '9', -1), '9', -1), '9', -1);
    expect(lines[0]?.quantity).toBe(1);
    expect(changeQuantity([{ ...lineFor(book), quantity: QUANTITY_MAX }], '9', +1)[0]?.quantity).toBe(QUANTITY_MAX);
  });

  it('removes a line and leaves the others', () => {
    const lines = addLine(addLine([], lineFor(book)), lineFor(vagdevi, 100));
    expect(removeLine(lines, '9').map((l) => l.key)).toEqual(['7:100']);
  });

  it('totals price times quantity in cents without drift', () => {
    let lines = addLine([], lineFor(book));
    lines = changeQuantity(lines, '9', +2); // 3 x $5
    lines = addLine(lines, lineFor(vagdevi, 1)); // $0.01
    lines = addLine(lines, lineFor({ id: 8, name: 'Any Other Donation', price: 0 }, 30)); // $0.30
    expect(totalCents(lines)).toBe(1531);
    expect(totalQuantity(lines)).toBe(5);
  });
});
