import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { clientConfigSchema } from '@store/shared/client-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { solvedAltchaToken } from '../../../test/solve-altcha';
import { describeWithDb } from '../../../test/test-db';
import { ALTCHA_DIFFICULTY } from './altcha';

const RECAPTCHA_ENV = {
  CAPTCHA_PROVIDER: 'recaptcha',
  RECAPTCHA_SITE_KEY: 'site-key-1',
  RECAPTCHA_SECRET_KEY: 'secret-1',
};

describeWithDb('captcha routes', () => {
  describe('with ALTCHA (the default)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    });
    afterAll(() => t?.close());

    it('GET /api/public/captcha/challenge answers a fresh, signed, uncacheable challenge each time', async () => {
      const [first, second] = await Promise.all([
        t.app.inject({ url: '/api/public/captcha/challenge' }),
        t.app.inject({ url: '/api/public/captcha/challenge' }),
      ]);
      expect(first?.statusCode).toBe(200);
      expect(first?.headers['cache-control']).toBe('no-store');
      const challenge = altchaChallengeSchema.parse(first?.json());
      expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: ALTCHA_DIFFICULTY.cost });
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      expect(altchaChallengeSchema.parse(second?.json()).signature).not.toBe(challenge.signature);
    });

    it('serves challenges that altcha-lib solves at the real difficulty', async () => {
      const challenge = altchaChallengeSchema.parse(
        (await t.app.inject({ url: '/api/public/captcha/challenge' })).json(),
      );
      const started = performance.now();
      const token = await solvedAltchaToken(challenge);
      // Generous: the measured figure is well under a second (docs/decisions/0005-captcha-without-the-widget.md); this only catches a runaway setting.
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(token.length).toBeLessThan(1_500);
    });

    it('GET /api/public/client-config names the captcha and the payment gateway', async () => {
      const res = await t.app.inject({ url: '/api/public/client-config' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.json()).toEqual({ captcha: { provider: 'altcha' }, paymentGateway: 'sandbox', authBaseUrl: '/auth' });
      expect(clientConfigSchema.parse(res.json())).toEqual(res.json());
    });

    it("keeps the page's CSP free of third-party hosts", async () => {
      const csp = (await t.app.inject({ url: '/' })).headers['content-security-policy'];
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('google');
    });
  });

  describe('with reCAPTCHA', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: RECAPTCHA_ENV });
    });
    afterAll(() => t?.close());

    it('gives the browser the site key, never the secret', async () => {
      const res = await t.app.inject({ url: '/api/public/client-config' });
      expect(res.json()).toEqual({
        captcha: { provider: 'recaptcha', siteKey: 'site-key-1' },
        paymentGateway: 'sandbox',
        authBaseUrl: '/auth',
      });
      expect(res.body).not.toContain('secret-1');
    });

    it("lets the page load Google's reCAPTCHA script and frame", async () => {
      const csp = String((await t.app.inject({ url: '/' })).headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? '';
      expect(directive('script-src')).toBe(
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
      );
      expect(directive('frame-src')).toContain('https://www.google.com/recaptcha/');
      expect(directive('frame-src')).toContain('https://recaptcha.google.com/recaptcha/');
      expect(directive('connect-src')).toContain('https://www.google.com/recaptcha/');
    });

    it('answers 404 with a clear message for ALTCHA challenges', async () => {
      const res = await t.app.inject({ url: '/api/public/captcha/challenge' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: {
          code: 'not_found',
          message: 'This server does not issue ALTCHA challenges: its captcha is recaptcha (CAPTCHA_PROVIDER).',
        },
      });
    });
  });

  describe('with the captcha off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'off' } });
    });
    afterAll(() => t?.close());

    it('says so in the client config and issues no challenge', async () => {
      expect((await t.app.inject({ url: '/api/public/client-config' })).json()).toEqual({
        captcha: { provider: 'off' },
        paymentGateway: 'sandbox',
        authBaseUrl: '/auth',
      });
      expect((await t.app.inject({ url: '/api/public/captcha/challenge' })).statusCode).toBe(404);
    });
  });
});
