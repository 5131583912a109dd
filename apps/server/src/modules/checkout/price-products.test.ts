import { describe, expect, it } from 'vitest';
import { priceProducts, UNKNOWN_ITEM_MESSAGE } from './price-products';

const site = {
  catalogue: [
    { id: 7, name: 'SGS Vagdevi Center', price: 0, desc: '' },
    { id: 9, name: 'Book', price: 5, desc: '', benefit: { kind: 'purchase' as const, description: 'The book' } },
  ],
  concert: [
    { id: 101, name: 'Concert Supporter', price: 10, desc: '' },
    {
      id: 102,
      name: 'Concert Patron',
      price: 500,
      desc: '',
      benefit: { kind: 'services' as const, description: 'Two seats', fairMarketValue: 100 },
    },
  ],
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
    const result = priceProducts(site, [line(9, 0.01, 3), line(7, 0.1), line(7, 0.2), line(101, 10), line(102, 1)]);
    const gift = { benefit: 'none', fairMarketValueCents: 0 };
    expect(result).toEqual({
      ok: true,
      priced: {
        products: [
          // Issue 20: what each line gives back, from the catalogue: the book is a purchase in full,
          // the patron tier's seats have their estimate, the rest are pure gifts.
          {
            id: 9,
            name: 'Book',
            unitCents: 500,
            quantity: 3,
            custom: false,
            benefit: 'purchase',
            benefitDescription: 'The book',
            fairMarketValueCents: 500,
          },
          { id: 7, name: 'SGS Vagdevi Center', unitCents: 10, quantity: 1, custom: true, ...gift },
          { id: 7, name: 'SGS Vagdevi Center', unitCents: 20, quantity: 1, custom: true, ...gift },
          { id: 101, name: 'Concert Supporter', unitCents: 1000, quantity: 1, custom: false, ...gift },
          {
            id: 102,
            name: 'Concert Patron',
            unitCents: 50_000,
            quantity: 1,
            custom: false,
            benefit: 'services',
            benefitDescription: 'Two seats',
            fairMarketValueCents: 10_000,
          },
        ],
        // 0.1 + 0.2 in dollars would drift; in cents it is exact.
        totalCents: 52_530,
        itemCount: 7,
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
