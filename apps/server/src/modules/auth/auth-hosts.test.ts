/**
 * ALLOWED_HOSTS: every route answers 421 for a Host the site does not answer for, before the Origin
 * check or Google's redirect URI read it. Without the setting, only the names the server listens on
 * are answered (localhost, 127.0.0.1, [::1] and HOST, any port): a DNS-rebinding page, whose Host
 * and Origin both say evil.example, signs nobody in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISDIRECTED_MESSAGE } from '#src/plugins/host-guard';
import { AUTH, GOOD_PASSWORD, logIn, registerAccount, sessionCookie } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type FakeGoogle, startFakeGoogle } from '../../../test/fake-google-server';
import { describeWithDb } from '../../../test/test-db';

const misdirected = { error: { code: 'misdirected_request', message: MISDIRECTED_MESSAGE } };

describeWithDb('auth server: allowed hosts', () => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle({
      user: { sub: '300', email: 'h@example.org', email_verified: true, name: 'H' },
    });
  });
  afterAll(() => google?.stop());

  describe('ALLOWED_HOSTS=www.example.org,example.org:8443', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ...google.env, ALLOWED_HOSTS: 'www.example.org, Example.org:8443' } });
    });
    afterAll(() => t?.close());

    const call = (host: string, method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { host, origin: `https://${host}` },
        ...(payload ? { payload } : {}),
      });

    it('answers 421 for any other host, on every auth route, before the Origin check', async () => {
      for (const [method, url] of [
        ['GET', `${AUTH}/google`],
        ['GET', `${AUTH}/google/callback?code=x&state=y`],
        ['GET', `${AUTH}/profile`],
        ['GET', `${AUTH}/activity`],
        ['POST', `${AUTH}/login`],
        ['POST', `${AUTH}/register`],
        ['POST', `${AUTH}/logout`],
      ] as const) {
        const res = await call('evil.example', method, url, { email: 'a@example.org', password: GOOD_PASSWORD });
        expect(res.statusCode, `${method} ${url}`).toBe(421);
        expect(res.json()).toEqual(misdirected);
        expect(res.headers.location).toBeUndefined();
      }
      // The listed port only.
      expect((await call('example.org:8444', 'GET', `${AUTH}/google`)).statusCode).toBe(421);
    });

    it("builds Google's redirect URI only from a listed host", async () => {
      for (const host of ['www.example.org', 'example.org:8443', 'WWW.Example.org']) {
        const res = await call(host, 'GET', `${AUTH}/google`);
        expect(res.statusCode, host).toBe(302);
        const redirectUri = new URL(String(res.headers.location)).searchParams.get('redirect_uri');
        expect(redirectUri).toMatch(/^http:\/\/(www\.example\.org|example\.org:8443)\/auth\/google\/callback$/i);
      }
    });

    it('answers 421 on the rest of the API and on pages too, but not to health probes', async () => {
      for (const url of ['/api/public/catalogue', '/', '/store', '/no-such-page']) {
        const res = await call('evil.example', 'GET', url);
        expect(res.statusCode, url).toBe(421);
        expect(res.json()).toEqual(misdirected);
      }
      expect((await call('www.example.org', 'GET', '/api/public/catalogue')).statusCode).toBe(200);
      // A load balancer's or Kubernetes' probe addresses the container by its IP.
      expect((await call('10.1.2.3:8080', 'GET', '/healthz')).statusCode).toBe(200);
    });
  });

  describe('without ALLOWED_HOSTS: the names the server listens on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ...google.env, HOST: 'store.lan' } });
    });
    afterAll(() => t?.close());

    const rebound = { host: 'evil.example', origin: 'http://evil.example' };
    const credentials = { email: 'rebind@example.org', password: GOOD_PASSWORD };

    it("refuses a DNS-rebinding page's login (forged Host, matching Origin) with 421 and no session", async () => {
      expect((await registerAccount(t.app, { ...credentials, name: 'Rebind' })).statusCode).toBe(201);
      const res = await logIn(t.app, credentials, { headers: rebound });
      expect(res.statusCode).toBe(421);
      expect(res.json()).toEqual(misdirected);
      expect(sessionCookie(res)).toBeUndefined();
      // The same credentials from the site's own name sign in: the Host alone was refused.
      const own = await logIn(t.app, credentials);
      expect(own.statusCode).toBe(200);
      expect(sessionCookie(own)?.value).toBeTruthy();
    });

    it("never builds Google's redirect URI from a forged Host, nor serves pages or the API to it", async () => {
      const start = await t.app.inject({ url: `${AUTH}/google`, headers: rebound });
      expect(start.statusCode).toBe(421);
      expect(start.headers.location).toBeUndefined();
      expect(start.json()).toEqual(misdirected);
      for (const url of ['/', '/api/public/catalogue', `${AUTH}/google/callback?code=x&state=y`]) {
        expect((await t.app.inject({ url, headers: rebound })).statusCode, url).toBe(421);
      }
    });

    it('answers localhost, 127.0.0.1, [::1] and HOST on any port', async () => {
      for (const host of [
        'localhost',
        'LOCALHOST:5173',
        '127.0.0.1:8080',
        '127.0.0.1',
        '[::1]:3000',
        '[::1]',
        'store.lan',
        'store.lan:8080',
      ]) {
        const res = await t.app.inject({ url: `${AUTH}/google`, headers: { host } });
        expect(res.statusCode, host).toBe(302);
        const redirectUri = new URL(String(res.headers.location)).searchParams.get('redirect_uri');
        expect(redirectUri).toBe(`http://${host.toLowerCase()}/auth/google/callback`);
      }
      // Near misses are other names.
      for (const host of ['localhost.evil.example', '127.0.0.2', 'store.lan.evil.example', 'evil.example:80']) {
        expect((await t.app.inject({ url: `${AUTH}/google`, headers: { host } })).statusCode, host).toBe(421);
      }
    });
  });

  describe('ALLOWED_HOSTS=*', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { ...google.env, ALLOWED_HOSTS: '*' } });
    });
    afterAll(() => t?.close());

    it('answers any host', async () => {
      const res = await t.app.inject({ url: `${AUTH}/google`, headers: { host: 'anything.test:5173' } });
      expect(res.statusCode).toBe(302);
    });
  });
});
