import { catalogueResponseSchema, centersResponseSchema, siteSchema } from '@store/shared/site';
import type { ItemFields, StaffCatalogue } from '@store/shared/site-content';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/modules/ledger/index';
import { STAFF_COOKIE } from '#src/modules/staff/staff-cookie';
import { auditLog } from '#src/modules/staff/tables';
import { SITE_ORIGIN } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { BOOK, checkoutBody, postCheckout, sandboxNonce } from '../../../test/checkout-helpers';
import { type SignedInStaff, signInStaff, staffCall } from '../../../test/staff-helpers';
import { describeWithDb } from '../../../test/test-db';

const BOOK_ID = 9;

async function staffCatalogue(t: TestApp, editor: SignedInStaff): Promise<StaffCatalogue> {
  const res = await staffCall(t.app, editor, 'GET', '/api/staff/catalogue');
  expect(res.statusCode).toBe(200);
  return res.json<StaffCatalogue>();
}

function bookOf(catalogue: StaffCatalogue): ItemFields {
  const found = catalogue.content.catalogue.find((i) => i.id === BOOK_ID);
  if (!found) throw new Error('no book');
  const { id: _id, ...fields } = found;
  return fields;
}

async function publicCatalogue(t: TestApp) {
  const res = await t.app.inject({ url: '/api/public/catalogue' });
  expect(res.statusCode).toBe(200);
  return catalogueResponseSchema.parse(res.json());
}

async function checkoutBook(t: TestApp, price: number) {
  return postCheckout(t.app, { body: checkoutBody(await sandboxNonce(t.app), [{ ...BOOK, price, quantity: 1 }]) });
}

/** The smallest real PNG header: signature, then IHDR. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(17),
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function uploadImage(t: TestApp, staff: SignedInStaff | undefined, type: string, bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/staff/catalogue/images',
    payload: bytes,
    headers: { origin: SITE_ORIGIN, 'content-type': type },
    ...(staff ? { cookies: { [STAFF_COOKIE]: staff.token } } : {}),
  });
}

describeWithDb('the store content editor (issue 21)', () => {
  let t: TestApp;
  let editor: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp();
    editor = await signInStaff(t, 'editor');
  });
  afterAll(() => t?.close());

  describe('who may edit', () => {
    it('answers 401 without a session, 403 to a treasurer and a volunteer, 200 to an editor and an owner', async () => {
      expect((await staffCall(t.app, undefined, 'GET', '/api/staff/catalogue')).statusCode).toBe(401);
      for (const role of ['treasurer', 'volunteer'] as const) {
        const member = await signInStaff(t, role);
        const read = await staffCall(t.app, member, 'GET', '/api/staff/catalogue');
        expect(read.statusCode).toBe(403);
        const write = await staffCall(t.app, member, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
          version: 1,
          item: { name: 'x', price: 1, desc: '' },
        });
        expect(write.statusCode).toBe(403);
        expect(write.json().error.code).toBe('forbidden');
      }
      const owner = await signInStaff(t, 'owner');
      expect((await staffCall(t.app, owner, 'GET', '/api/staff/catalogue')).statusCode).toBe(200);
    });

    it('refuses an edit from another origin (403)', async () => {
      const current = await staffCatalogue(t, editor);
      const res = await staffCall(
        t.app,
        editor,
        'PUT',
        `/api/staff/catalogue/items/${BOOK_ID}`,
        { version: current.version, item: bookOf(current) },
        { origin: 'https://evil.example' },
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe('a price change', () => {
    it('is seeded from site.json: the book costs $5', async () => {
      const current = await staffCatalogue(t, editor);
      expect(current.version).toBeGreaterThanOrEqual(1);
      expect(bookOf(current).price).toBe(5);
      expect(current.content.event).toEqual(t.site.event);
    });

    it('shows in the public catalogue and is what the next checkout charges; old orders keep their price', async () => {
      const before = await checkoutBook(t, 5);
      expect(before.statusCode).toBe(200);
      const current = await staffCatalogue(t, editor);
      const res = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: current.version,
        item: { ...bookOf(current), price: 7.5, name: 'Satakam (second edition)' },
      });
      expect(res.statusCode).toBe(200);
      const saved = res.json<StaffCatalogue>();
      expect(saved.version).toBe(current.version + 1);
      expect(bookOf(saved).price).toBe(7.5);

      const shown = (await publicCatalogue(t)).items.find((i) => i.id === BOOK_ID);
      expect(shown).toMatchObject({ price: 7.5, name: 'Satakam (second edition)' });

      const stale = await checkoutBook(t, 5);
      expect(stale.statusCode).toBe(400);
      expect(stale.json().error.code).toBe('amount_mismatch');
      const paid = await checkoutBook(t, 7.5);
      expect(paid.statusCode).toBe(200);
      expect(paid.json().amount).toBe(7.5);

      const [old] = await t.testDb.db.select().from(orders).where(eq(orders.id, before.json().orderId));
      expect(old?.products[0]).toMatchObject({ name: 'Guruvara Dattam Vimalacharita Satakam', unitCents: 500 });
      const [fresh] = await t.testDb.db.select().from(orders).where(eq(orders.id, paid.json().orderId));
      expect(fresh?.products[0]).toMatchObject({ name: 'Satakam (second edition)', unitCents: 750 });
    });

    it('writes an audit line with the item before and after', async () => {
      const [line] = await t.testDb.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'catalogue.item.update'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(line).toMatchObject({ actorId: editor.id, targetType: 'item', targetId: String(BOOK_ID) });
      expect(line?.before).toMatchObject({ price: 5 });
      expect(line?.after).toMatchObject({ price: 7.5 });
    });

    it('refuses an edit made from an older version (409) and changes nothing', async () => {
      const current = await staffCatalogue(t, editor);
      const res = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: current.version - 1,
        item: { ...bookOf(current), price: 1 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.fields).toHaveProperty('version');
      expect(bookOf(await staffCatalogue(t, editor)).price).toBe(7.5);
    });

    it('answers 400 naming the field for a bad price, and 404 for an unknown item', async () => {
      const current = await staffCatalogue(t, editor);
      const bad = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: current.version,
        item: { ...bookOf(current), price: -1, name: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['item.price', 'item.name']));
      const missing = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/items/4242', {
        version: current.version,
        item: bookOf(current),
      });
      expect(missing.statusCode).toBe(404);
      const badId = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/items/abc', {
        version: current.version,
        item: bookOf(current),
      });
      expect(badId.statusCode).toBe(400);
    });
  });

  describe('archiving', () => {
    it('takes the item out of the store; the checkout refuses it with 400; restoring brings it back', async () => {
      const current = await staffCatalogue(t, editor);
      const archived = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: current.version,
        item: { ...bookOf(current), archived: true },
      });
      expect(archived.statusCode).toBe(200);
      expect((await publicCatalogue(t)).items.map((i) => i.id)).not.toContain(BOOK_ID);
      const refused = await checkoutBook(t, 7.5);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields['products.0.id']).toMatch(/no longer offered/);

      const [line] = await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'catalogue.item.archive'));
      expect(line?.targetId).toBe(String(BOOK_ID));

      const again = await staffCatalogue(t, editor);
      const restored = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: again.version,
        item: { ...bookOf(again), archived: false },
      });
      expect(restored.statusCode).toBe(200);
      expect((await publicCatalogue(t)).items.map((i) => i.id)).toContain(BOOK_ID);
    });

    it('has no DELETE', async () => {
      const res = await staffCall(t.app, editor, 'DELETE', `/api/staff/catalogue/items/${BOOK_ID}`);
      expect(res.statusCode).toBe(404);
    });
  });

  describe('new items, centers and the event', () => {
    it('adds a concert tier with the next free id', async () => {
      const current = await staffCatalogue(t, editor);
      const ids = [...current.content.catalogue, ...current.content.concert].map((i) => i.id);
      const res = await staffCall(t.app, editor, 'POST', '/api/staff/catalogue/items', {
        version: current.version,
        list: 'concert',
        item: {
          name: 'Concert Benefactor',
          price: 10000,
          desc: 'Four reserved seats and dinner with the artists.',
          benefit: { kind: 'services', description: 'Four reserved seats and a dinner', fairMarketValue: 400 },
        },
      });
      expect(res.statusCode).toBe(201);
      const newId = Math.max(...ids) + 1;
      expect((await publicCatalogue(t)).concert.find((i) => i.id === newId)).toMatchObject({ price: 10000 });
      const bad = await staffCall(t.app, editor, 'POST', '/api/staff/catalogue/items', {
        version: res.json().version,
        list: 'shop',
        item: { name: 'x', price: 1, desc: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty('list');
    });

    it('adds a center, and an archived center leaves the public list and the checkout', async () => {
      const current = await staffCatalogue(t, editor);
      const added = await staffCall(t.app, editor, 'POST', '/api/staff/catalogue/centers', {
        version: current.version,
        center: { name: 'Toronto Center', country: 'CA', address: '1 Queen St, Toronto' },
      });
      expect(added.statusCode).toBe(201);
      const toronto = added.json<StaffCatalogue>().content.centers.find((c) => c.name === 'Toronto Center');
      expect(toronto?.country).toBe('CA');
      const listed = centersResponseSchema.parse((await t.app.inject({ url: '/api/public/centers' })).json());
      expect(listed.centers.map((c) => c.name)).toContain('Toronto Center');

      const archived = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/centers/2', {
        version: added.json().version,
        center: { ...t.site.centers.find((c) => c.id === 2), id: undefined, archived: true },
      });
      expect(archived.statusCode).toBe(200);
      const after = centersResponseSchema.parse((await t.app.inject({ url: '/api/public/centers' })).json());
      expect(after.centers.map((c) => c.id)).not.toContain(2);
      // checkoutBody gives to center 2.
      const refused = await checkoutBook(t, 7.5);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toHaveProperty(['customerDetails.center']);

      const restore = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/centers/2', {
        version: archived.json().version,
        center: { ...t.site.centers.find((c) => c.id === 2), id: undefined, archived: false },
      });
      expect(restore.statusCode).toBe(200);
    });

    it('changes the event the catalogue answer carries', async () => {
      const current = await staffCatalogue(t, editor);
      const event = { ...current.content.event, venue: 'The new hall', date: '2027-06-19' };
      const res = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/event', {
        version: current.version,
        event,
      });
      expect(res.statusCode).toBe(200);
      expect((await publicCatalogue(t)).event).toMatchObject({ venue: 'The new hall', date: '2027-06-19' });
      const bad = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/event', {
        version: res.json().version,
        event: { ...event, date: '19/06/2027' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toHaveProperty(['event.date']);
    });
  });

  describe('pictures', () => {
    it('takes a PNG and serves it with its type, nosniff and a long cache', async () => {
      const res = await uploadImage(t, editor, 'image/png', PNG);
      expect(res.statusCode).toBe(201);
      const { id, url } = res.json<{ id: string; url: string }>();
      expect(url).toBe(`/api/public/images/${id}`);
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const current = await staffCatalogue(t, editor);
      const withPicture = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: current.version,
        item: { ...bookOf(current), imageId: id },
      });
      expect(withPicture.statusCode).toBe(200);
      expect((await publicCatalogue(t)).items.find((i) => i.id === BOOK_ID)?.image).toBe(url);
    });

    it('refuses another type (415), more than 2 MB (413), bytes that are not that type (400), and an unknown picture id', async () => {
      expect((await uploadImage(t, editor, 'image/svg+xml', Buffer.from('<svg/>'))).statusCode).toBe(415);
      expect((await uploadImage(t, editor, 'text/html', Buffer.from('<p>'))).statusCode).toBe(415);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      expect((await uploadImage(t, editor, 'image/png', big)).statusCode).toBe(413);
      const lying = await uploadImage(t, editor, 'image/png', JPEG);
      expect(lying.statusCode).toBe(400);
      expect(lying.json().error.fields).toHaveProperty('file');
      expect((await uploadImage(t, editor, 'image/jpeg', JPEG)).statusCode).toBe(201);
      expect((await uploadImage(t, undefined, 'image/png', PNG)).statusCode).toBe(401);
      const treasurer = await signInStaff(t, 'treasurer');
      expect((await uploadImage(t, treasurer, 'image/png', PNG)).statusCode).toBe(403);

      const current = await staffCatalogue(t, editor);
      const unknown = await staffCall(t.app, editor, 'PUT', `/api/staff/catalogue/items/${BOOK_ID}`, {
        version: current.version,
        item: { ...bookOf(current), imageId: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.fields).toHaveProperty(['item.imageId']);
      expect((await t.app.inject({ url: '/api/public/images/not-a-uuid' })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/public/images/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(
        404,
      );
    });
  });

  it('exports the whole site.json document as edited', async () => {
    const res = await staffCall(t.app, editor, 'GET', '/api/staff/catalogue/export');
    expect(res.statusCode).toBe(200);
    const exported = siteSchema.parse(res.json());
    expect(exported.foundation).toEqual(t.site.foundation);
    expect(exported.catalogue.find((i) => i.id === BOOK_ID)?.price).toBe(7.5);
    expect(exported.concert.some((i) => i.name === 'Concert Benefactor')).toBe(true);
  });
});
