import { describe, expect, it } from 'vitest';
import { priceProducts, UNKNOWN_ITEM_MESSAGE } from './price-products';

const site = {
  catalogue: [
    { id: 7, name: 'SGS Vagdevi Center', price: 0, desc: '' },
    { id: 9, name: 'Book', price: 5, desc: '' },
  ],
  concert: [{ id: 101, name: 'Concert Supporter', price: 10, desc: '' }],
};

const line = (id: number, price: number, quantity = 1) => ({
  key: `${id}:${price}`,
  id,
  name: 'from the browser',
  price,
  quantity,
});

describe('priceProducts', () => {
  it('prices fixed items from the catalogue and open amounts from the donor, in cents', () => {
    const result = priceProducts(site, [line(9, 0.01, 3), line(7, 0.1), line(7, 0.2), line(101, 10)]);
    expect(result).toEqual({
      ok: true,
      priced: {
        products: [
          { id: 9, name: 'Book', unitCents: 500, quantity: 3, custom: false },
          { id: 7, name: 'SGS Vagdevi Center', unitCents: 10, quantity: 1, custom: true },
          { id: 7, name: 'SGS Vagdevi Center', unitCents: 20, quantity: 1, custom: true },
          { id: 101, name: 'Concert Supporter', unitCents: 1000, quantity: 1, custom: false },
        ],
        // 0.1 + 0.2 in dollars would drift; in cents it is exact.
        totalCents: 2530,
        itemCount: 6,
      },
    });
  });

  it('names every unknown item and bad open amount by its index', () => {
    expect(priceProducts(site, [line(9, 5), line(999, 5), line(7, 12.345)])).toEqual({
      ok: false,
      fields: { 'products.1.id': UNKNOWN_ITEM_MESSAGE, 'products.2.price': 'Amount must be a positive number.' },
    });
  });

  // Found by the reliability fuzz (issue 7): a positive price below half a cent became a free line.
  it('refuses an open amount that rounds to nothing', () => {
    expect(priceProducts(site, [line(9, 5), line(7, 0.001), line(7, 1e-9)])).toEqual({
      ok: false,
      fields: {
        'products.1.price': 'Amount must be a positive number.',
        'products.2.price': 'Amount must be a positive number.',
      },
    });
  });
});
