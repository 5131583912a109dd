import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CatalogueResponse } from '@store/shared/site';
import type { StaffCatalogue } from '@store/shared/site-content';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { signInStaff, staffCall } from '../../test/staff-helpers';
import { describeWithDb } from '../../test/test-db';
import { NO_BUILD_TEXT } from './web-app';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-3f2a.js"></script></body></html>';
/** What apps/web/scripts/prerender.mjs writes: a route's HTML with its markup in #root. */
const page = (heading: string) => INDEX.replace('<div id="root"></div>', `<div id="root"><h1>${heading}</h1></div>`);
const STORE_PAGE = page('Donation Items');
const CART_PAGE = page('Your Donation Bucket');

const CATALOGUE_BLOCK = /<script type="application\/json" id="catalogue-data">(.*?)<\/script>/s;

/** A served page is the build's HTML plus the catalogue the server embeds, equal to what the API answers. */
function expectPage(body: string, html: string, catalogue: unknown, label = ''): void {
  const block = body.match(CATALOGUE_BLOCK);
  expect(block, label).not.toBeNull();
  expect(JSON.parse(block?.[1] ?? 'null'), label).toEqual(catalogue);
  expect(body.replace(block?.[0] ?? '', ''), label).toBe(html);
}

describeWithDb('the web app', () => {
  describe('with a build', () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    let t: TestApp;
    let catalogue: unknown;
    beforeAll(async () => {
      mkdirSync(join(dist, 'assets'));
      mkdirSync(join(dist, 'images'));
      writeFileSync(join(dist, 'index.html'), INDEX);
      mkdirSync(join(dist, 'pages'));
      writeFileSync(join(dist, 'pages', 'index.html'), STORE_PAGE);
      writeFileSync(join(dist, 'pages', 'cart.html'), CART_PAGE);
      // precompress.mjs's copies, which the server sends to browsers that accept them.
      writeFileSync(join(dist, 'pages', 'cart.html.br'), brotliCompressSync(CART_PAGE));
      writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(INDEX));
      writeFileSync(join(dist, 'assets', 'app-3f2a.js'), 'console.log("app")');
      writeFileSync(join(dist, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      // The door app's service worker and manifest (apps/web/vite.config.ts, public/).
      writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
      writeFileSync(join(dist, 'check-in.webmanifest'), '{"name":"Check-in at the door"}');
      t = await buildTestApp({ env: { WEB_DIST: dist } });
      catalogue = (await t.app.inject({ url: '/api/public/catalogue' })).json();
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('serves the pre-rendered store at / without caching it', async () => {
      const res = await t.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expectPage(res.body, STORE_PAGE, catalogue);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('serves a pre-rendered route its own HTML, query or not, without caching it', async () => {
      // The app's router ignores a trailing slash, as React Router does.
      for (const url of ['/cart', '/cart?from=concert', '/cart/']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expectPage(res.body, CART_PAGE, catalogue, url);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      }
    });

    it("sends the build's brotli copy of a page to a browser that accepts it, still not cached", async () => {
      for (const [url, body] of [
        ['/cart', CART_PAGE],
        ['/no-such-page', INDEX],
      ] as const) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe('br');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expectPage(brotliDecompressSync(res.rawPayload).toString(), body, catalogue, url);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      }
      const gzip = await t.app.inject({ url: '/cart', headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expectPage(gunzipSync(gzip.rawPayload).toString(), CART_PAGE, catalogue);
    });

    it('answers 304 to a browser that holds the current page, and the page again once it changed', async () => {
      const first = await t.app.inject({ url: '/cart' });
      const etag = first.headers.etag;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await t.app.inject({ url: '/cart', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const stale = await t.app.inject({ url: '/cart', headers: { 'if-none-match': '"an-older-page"' } });
      expect(stale.statusCode).toBe(200);
      // Another page, another tag.
      expect((await t.app.inject({ url: '/' })).headers.etag).not.toBe(etag);
    });

    it('embeds the catalogue as staff edited it, at once, with a new ETag (issue 21)', async () => {
      const before = await t.app.inject({ url: '/' });
      const editor = await signInStaff(t, 'editor');
      const current = (await staffCall(t.app, editor, 'GET', '/api/staff/catalogue')).json<StaffCatalogue>();
      const book = current.content.catalogue.find((i) => i.id === 9);
      const edit = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/items/9', {
        version: current.version,
        item: { ...book, id: undefined, price: 6 },
      });
      expect(edit.statusCode).toBe(200);
      const after = await t.app.inject({ url: '/', headers: { 'if-none-match': String(before.headers.etag) } });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const edited = (await t.app.inject({ url: '/api/public/catalogue' })).json<CatalogueResponse>();
      expect(edited.items.find((i) => i.id === 9)?.price).toBe(6);
      expectPage(after.body, STORE_PAGE, edited);
      // Put back: the other tests compare pages with the catalogue read at the start.
      const undo = await staffCall(t.app, editor, 'PUT', '/api/staff/catalogue/items/9', {
        version: current.version + 1,
        item: { ...book, id: undefined },
      });
      expect(undo.statusCode).toBe(200);
    });

    it('serves index.html for the other app routes and unknown pages, with status 200', async () => {
      // The back office's deep links, a donor's e-mail (dots and all) included (issue 21).
      const admin = ['/admin', '/admin/orders/123', '/admin/donors/asha.rao%40example.org'];
      for (const url of ['/checkout', '/no-such-page', '/deep/unknown/page?x=1', '/report/', ...admin]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expectPage(res.body, INDEX, catalogue, url);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('caches hashed assets for a year and other files briefly', async () => {
      const asset = await t.app.inject({ url: '/assets/app-3f2a.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const image = await t.app.inject({ url: '/images/logo.svg' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['cache-control']).toBe('public, max-age=3600');
    });

    it("checks the door app's service worker at every visit, and serves its manifest as one", async () => {
      const worker = await t.app.inject({ url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await t.app.inject({ url: '/check-in.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      // /check-in itself is an app page: the page the worker keeps.
      const page = await t.app.inject({ url: '/check-in' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    });

    it('answers a missing file with 404, not with index.html', async () => {
      for (const url of ['/assets/gone-1234.js', '/favicon.ico', '/assets/nested']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain('<div id="root">');
      }
    });

    it('keeps API addresses as JSON 404s', async () => {
      for (const url of ['/api/unknown', '/auth/unknown']) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
      expect((await t.app.inject({ url: '/api/public/catalogue' })).statusCode).toBe(200);
    });

    it('does not fall back for other methods', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/cart', payload: {} });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    });

    it('serves the fallback over real HTTP too', async () => {
      // This describe's app, listening as well (afterAll's close stops it): a second app cost a
      // database of its own on each run.
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`${address}/no-such-page`);
      expect(res.status).toBe(200);
      expectPage(await res.text(), INDEX, catalogue);
    });
  });

  describe('on a test site (DEPLOYMENT=production with ALLOW_SANDBOX_PAYMENTS=1)', () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-test-site-'));
    let t: TestApp;
    beforeAll(async () => {
      mkdirSync(join(dist, 'pages'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), INDEX);
      writeFileSync(join(dist, 'pages', 'index.html'), STORE_PAGE);
      t = await buildTestApp({
        env: { WEB_DIST: dist, DEPLOYMENT: 'production', ALLOW_SANDBOX_PAYMENTS: '1', ALLOWED_HOSTS: '*' },
      });
    });
    afterAll(async () => {
      await t?.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it("says 'Test site: no card is charged' first in every page, pre-rendered or not", async () => {
      for (const url of ['/', '/checkout', '/no-such-page']) {
        const body = (await t.app.inject({ url })).body;
        expect(body, url).toMatch(
          /<body><div class="test-site-banner" role="note"><strong>Test site:<\/strong> no card is charged\.<\/div><script type="application\/json"/,
        );
      }
    });
  });

  describe('without a build', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t?.close());

    it('says at / how to build the web app', async () => {
      const res = await t.app.inject({ url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toBe(NO_BUILD_TEXT);
      expect(res.body).toContain('npm run build');
    });

    it('still serves the API', async () => {
      expect((await t.app.inject({ url: '/api/public/centers' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/nope' })).json().error.code).toBe('not_found');
    });
  });
});
