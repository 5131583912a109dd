import { catalogueResponseSchema, centersResponseSchema } from '@store/shared/site';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('catalogue routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('GET /api/public/catalogue answers the foundation, items 7, 8, 9 and the concert tiers', async () => {
    const res = await t.app.inject({ url: '/api/public/catalogue' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = catalogueResponseSchema.parse(res.json());
    expect(Object.keys(res.json()).sort()).toEqual(['concert', 'entities', 'event', 'foundation', 'giving', 'items']);
    // The countries and currencies the store offers and each one's processing fee (the
    // checkout's offer to cover it), never a merchant account.
    const processingFee = { percent: 2.9, fixed: 0.3 };
    expect(res.json().entities).toEqual([
      {
        key: 'us',
        name: 'Sri Datta Vani Foundation, Inc.',
        country: 'US',
        currency: 'USD',
        receipts: 'us-irs',
        processingFee,
      },
      {
        key: 'ca',
        name: 'Sri Datta Vani Foundation of Canada',
        country: 'CA',
        currency: 'CAD',
        receipts: 'ca-cra',
        processingFee,
      },
      {
        key: 'uk',
        name: 'Sri Datta Vani Foundation UK',
        country: 'GB',
        currency: 'GBP',
        receipts: 'uk-gift-aid',
        processingFee,
      },
    ]);
    expect(body.foundation).toEqual(t.site.foundation);
    expect(body.items.map((i) => [i.id, i.name, i.price])).toEqual([
      [7, 'SGS Vagdevi Center', 0],
      [8, 'Any Other Donation', 0],
      [9, 'Guruvara Dattam Vimalacharita Satakam', 5],
    ]);
    expect(body.items.find((i) => i.id === 9)?.image).toMatch(/^\//);
    expect(body.concert.map((i) => i.price)).toEqual([10, 500, 2500, 5000]);
    expect(body.event).toEqual(t.site.event);
    expect(body.giving.suggestedAmounts).toEqual([51, 101, 251, 501, 1116]);
  });

  it('GET /api/public/centers answers the centers of site.json', async () => {
    const res = await t.app.inject({ url: '/api/public/centers' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = centersResponseSchema.parse(res.json());
    expect(body.centers).toEqual(t.site.centers);
    expect(body.centers.length).toBeGreaterThan(0);
  });

  it('sends JSON with an ETag, and 304 without a body when the browser holds the current one', async () => {
    const first = await t.app.inject({ url: '/api/public/catalogue' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      url: '/api/public/catalogue',
      headers: { 'if-none-match': `W/"old", ${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    const stale = await t.app.inject({ url: '/api/public/catalogue', headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it('the centers have an ETag of their own', async () => {
    const catalogue = await t.app.inject({ url: '/api/public/catalogue' });
    const centers = await t.app.inject({ url: '/api/public/centers' });
    expect(centers.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(centers.headers.etag).not.toBe(catalogue.headers.etag);
  });

  it('answers from the site it was given', async () => {
    const site = { ...t.site, centers: [{ id: 42, name: 'Test Center', country: 'US' as const }] };
    const other = await buildTestApp({ site });
    try {
      const res = await other.app.inject({ url: '/api/public/centers' });
      expect(res.json()).toEqual({ centers: [{ id: 42, name: 'Test Center', country: 'US' }] });
    } finally {
      await other.close();
    }
  });
});
