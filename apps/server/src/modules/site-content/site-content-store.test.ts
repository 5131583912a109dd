import { catalogueResponseSchema } from '@store/shared/site';
import type { StaffCatalogue } from '@store/shared/site-content';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSite } from '#src/site/load-site';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { createTestDb, describeWithDb } from '../../../test/test-db';
import { readContent, seedContent } from './content-repo';
import { contentOf } from './merge-site';
import { createSiteContentStore } from './site-content-store';

const BOOK_ID = 9;

async function bookPrice(t: TestApp): Promise<number | undefined> {
  const res = await t.app.inject({ url: '/api/public/catalogue' });
  return catalogueResponseSchema.parse(res.json()).items.find((i) => i.id === BOOK_ID)?.price;
}

async function setBookPrice(t: TestApp, editor: SignedInStaff, price: number): Promise<void> {
  const current = (await staffCall(t.app, editor, 'GET', '/api/staff/catalogue')).json<StaffCatalogue>();
  const book = current.content.catalogue.find((i) => i.id === BOOK_ID);
  const res = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
    version: current.version,
    item: { ...book, id: undefined, price },
  });
  expect(res.statusCode).toBe(200);
}

// Two server processes on one database: on PostgreSQL each app has its own connection pool, as two
// processes behind a load balancer do; on PGlite (one process by nature) they share the database.
describeWithDb('two server processes on one database (issue 21)', () => {
  let a: TestApp;
  let b: TestApp;
  let editor: SignedInStaff;
  beforeAll(async () => {
    a = await buildTestApp();
    b = await buildTestApp({ sharedDb: a.testDb });
    editor = await signInStaff(a, 'editor');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('an editor changes the book price through A; B serves and charges the new price at once', async () => {
    expect(await bookPrice(b)).toBe(5);
    await setBookPrice(a, editor, 6.25);
    // No wait, no restart: B's very next answers.
    expect(await bookPrice(b)).toBe(6.25);
    const paid = await postCheckout(b.app, {
      body: checkoutBody(await sandboxNonce(b.app), [{ ...BOOK, price: 6.25, quantity: 2 }]),
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().amount).toBe(12.5);
    const old = await postCheckout(b.app, {
      body: checkoutBody(await sandboxNonce(b.app), [{ ...BOOK, quantity: 1 }]),
    });
    expect(old.json().error.code).toBe('amount_mismatch');
  });

  it('and back: an edit through B is what A answers at once', async () => {
    await setBookPrice(b, editor, 8);
    expect(await bookPrice(a)).toBe(8);
  });
});

describeWithDb('seeding from site.json', () => {
  it('happens once: a second seed, or two stores starting at once, change nothing', async () => {
    const testDb = await createTestDb();
    try {
      const site = loadSite(new URL('../../../../../config/site.json', import.meta.url).pathname);
      const other = { ...site, event: { ...site.event, venue: 'Somewhere else' } };
      // Two processes starting together, each with its own site.json: one insert wins.
      const [first, second] = await Promise.all([
        createSiteContentStore({ db: testDb.db, site }).current(),
        createSiteContentStore({ db: testDb.db, site: other }).current(),
      ]);
      expect(first.version).toBe(1);
      expect(second.content).toEqual(first.content);
      await seedContent(testDb.db, contentOf(other));
      const row = await readContent(testDb.db);
      expect(row?.version).toBe(1);
      expect(row?.content).toEqual(first.content);
    } finally {
      await testDb.close();
    }
  });
});
