import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { describeWithDb } from '../../test/test-db';

/** What apps/web/scripts/prerender.mjs writes for each language: pages/ in English, pages/te/ and pages/hi/. */
const html = (lang: string, heading: string) =>
  `<!doctype html><html lang="${lang}"><body><div id="root"><h1>${heading}</h1></div></body></html>`;

const heading = (body: string) => body.match(/<h1>(.*?)<\/h1>/)?.[1];
const langOf = (body: string) => body.match(/<html lang="(\w+)">/)?.[1];

describeWithDb('pages in the visitor’s language', () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-lang-'));
  let t: TestApp;
  beforeAll(async () => {
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div></body></html>');
    mkdirSync(join(dist, 'pages', 'te'), { recursive: true });
    mkdirSync(join(dist, 'pages', 'hi'));
    writeFileSync(join(dist, 'pages', 'index.html'), html('en', 'Donation Items'));
    writeFileSync(join(dist, 'pages', 'te', 'index.html'), html('te', 'విరాళ అంశాలు'));
    writeFileSync(join(dist, 'pages', 'hi', 'index.html'), html('hi', 'दान की वस्तुएँ'));
    writeFileSync(join(dist, 'pages', 'cart.html'), html('en', 'Your Donation Bucket'));
    // A route the build has in English only: every language gets the English page.
    writeFileSync(
      join(dist, 'pages', 'te', '_shell.html'),
      '<!doctype html><html lang="te"><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('follows Accept-Language on a first visit, and says the page varies by it and by the cookie', async () => {
    const res = await t.app.inject({ url: '/', headers: { 'accept-language': 'te-IN,te;q=0.9,en;q=0.5' } });
    expect(res.statusCode).toBe(200);
    expect(heading(res.body)).toBe('విరాళ అంశాలు');
    expect(langOf(res.body)).toBe('te');
    expect(res.headers.vary).toContain('accept-language');
    expect(res.headers.vary).toContain('cookie');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('?lang= chooses the language and remembers it in a cookie, which then outranks the browser', async () => {
    const chosen = await t.app.inject({ url: '/?lang=hi', headers: { 'accept-language': 'te' } });
    expect(heading(chosen.body)).toBe('दान की वस्तुएँ');
    const cookie = String(chosen.headers['set-cookie']);
    expect(cookie).toMatch(/^lang=hi; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    const next = await t.app.inject({ url: '/', headers: { 'accept-language': 'te', cookie: 'lang=hi' } });
    expect(heading(next.body)).toBe('दान की वस्तुएँ');
    const back = await t.app.inject({ url: '/?lang=en', headers: { cookie: 'lang=hi' } });
    expect(heading(back.body)).toBe('Donation Items');
    expect(String(back.headers['set-cookie'])).toMatch(/^lang=en;/);
  });

  it('an unknown or repeated lang is ignored, never an error', async () => {
    for (const url of ['/?lang=fr', '/?lang=', '/?lang=te&lang=hi', '/?lang=TE']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(heading(res.body), url).toBe('Donation Items');
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('a page built in English only is sent in English; an unknown path gets the shell in the language', async () => {
    const cart = await t.app.inject({ url: '/cart', headers: { cookie: 'lang=te' } });
    expect(heading(cart.body)).toBe('Your Donation Bucket');
    const unknown = await t.app.inject({ url: '/order-success', headers: { cookie: 'lang=te' } });
    expect(unknown.statusCode).toBe(200);
    expect(langOf(unknown.body)).toBe('te');
    const hindi = await t.app.inject({ url: '/order-success', headers: { cookie: 'lang=hi' } });
    expect(langOf(hindi.body)).toBe('en');
  });
});
