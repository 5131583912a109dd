/**
 * ALLOWED_HOSTS (issue 18, point 10): the auth routes answer 421 for a Host the site does not
 * answer for, before the Origin check or Google's redirect URI read it. Without the setting
 * (development, tests) any host is answered, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, GOOD_PASSWORD } from '../../../test/auth-helpers';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type FakeGoogle, startFakeGoogle } from '../../../test/fake-google-server';
import { describeWithDb } from '../../../test/test-db';
import { MISDIRECTED_MESSAGE } from './host-check';

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

    it('leaves the rest of the API alone', async () => {
      const res = await call('evil.example', 'GET', '/api/public/catalogue');
      expect(res.statusCode).toBe(200);
    });
  });

  describe('without ALLOWED_HOSTS outside production', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: google.env });
    });
    afterAll(() => t?.close());

    it('answers any host, as before', async () => {
      const res = await t.app.inject({ url: `${AUTH}/google`, headers: { host: 'anything.test:5173' } });
      expect(res.statusCode).toBe(302);
    });
  });
});
