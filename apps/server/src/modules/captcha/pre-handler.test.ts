/**
 * The guard end to end: a tiny route behind captchaPreHandler, the real app (error handler, IP,
 * database) around it, and tokens made the way the browser makes them.
 */
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '#src/app-context';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type FakeSiteverify, startFakeSiteverify } from '../../../test/fake-siteverify';
import { solvedAltchaToken } from '../../../test/solve-altcha';
import { describeWithDb } from '../../../test/test-db';
import { CAPTCHA_MESSAGES } from './captcha-errors';
import { createCaptchaVerifier } from './create-verifier';
import { captchaPreHandler } from './pre-handler';

const GUARDED = '/test/guarded-checkout';

function guardedRoute(siteverifyUrl?: string) {
  return (app: FastifyInstance, context: AppContext) => {
    const captcha = createCaptchaVerifier({ ...context, logger: app.log, ...(siteverifyUrl ? { siteverifyUrl } : {}) });
    app.post(GUARDED, { preHandler: captchaPreHandler(captcha, 'checkout') }, async () => ({ ok: true }));
  };
}

const refusal = (message: string) => ({ error: { code: 'captcha_failed', message } });

describeWithDb('captchaPreHandler', () => {
  describe('with ALTCHA', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' }, extend: guardedRoute() });
    });
    afterAll(() => t?.close());

    const freshToken = async () =>
      solvedAltchaToken(
        altchaChallengeSchema.parse((await t.app.inject({ url: '/api/public/captcha/challenge' })).json()),
      );
    const post = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: GUARDED, headers });

    it('lets a solved challenge through once, then answers 403 for the replay', async () => {
      const token = await freshToken();
      const first = await post({ 'x-captcha-token': token, 'x-captcha-action': 'checkout' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ ok: true });
      const again = await post({ 'x-captcha-token': token, 'x-captcha-action': 'checkout' });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual(refusal(CAPTCHA_MESSAGES.replayed));
    });

    it('lets exactly one of two simultaneous requests with the same token through', async () => {
      const token = await freshToken();
      const headers = { 'x-captcha-token': token, 'x-captcha-action': 'checkout' };
      const statuses = (await Promise.all([post(headers), post(headers)])).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 403]);
    });

    it('answers 403 for a missing token, a token for another action and a garbled token', async () => {
      const missing = await post({ 'x-captcha-action': 'checkout' });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual(refusal(CAPTCHA_MESSAGES.missing));

      const token = await freshToken();
      const wrong = await post({ 'x-captcha-token': token, 'x-captcha-action': 'payment_token' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json()).toEqual(refusal(CAPTCHA_MESSAGES.wrongAction));
      const noAction = await post({ 'x-captcha-token': token });
      expect(noAction.json()).toEqual(refusal(CAPTCHA_MESSAGES.wrongAction));

      const garbled = await post({
        'x-captcha-token': `${token.slice(0, -8)}AAAAAAAA`,
        'x-captcha-action': 'checkout',
      });
      expect(garbled.statusCode).toBe(403);
      expect(garbled.json()).toEqual(refusal(CAPTCHA_MESSAGES.failed));

      // None of the refusals spent the token.
      expect((await post({ 'x-captcha-token': token, 'x-captcha-action': 'checkout' })).statusCode).toBe(200);
    });
  });

  describe('with reCAPTCHA', () => {
    let t: TestApp;
    let fake: FakeSiteverify;
    beforeAll(async () => {
      fake = await startFakeSiteverify();
      t = await buildTestApp({
        env: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET_KEY: 'secret' },
        extend: guardedRoute(fake.url),
      });
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: GUARDED,
        headers: { 'x-captcha-token': 'google-token', 'x-captcha-action': 'checkout' },
        remoteAddress: '198.51.100.4',
      });

    it("passes Google's verdict on, with the client's address", async () => {
      fake.answer = { status: 200, body: { success: true, score: 0.9, action: 'checkout' } };
      expect((await post()).statusCode).toBe(200);
      expect(fake.requests.at(-1)?.get('remoteip')).toBe('198.51.100.4');

      fake.answer = { status: 200, body: { success: true, score: 0.1, action: 'checkout' } };
      const low = await post();
      expect(low.statusCode).toBe(403);
      expect(low.json()).toEqual(refusal(CAPTCHA_MESSAGES.failed));
    });

    it('answers 503 captcha_unavailable when Google fails', async () => {
      fake.answer = { status: 502, body: {} };
      const res = await post();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: { code: 'captcha_unavailable', message: CAPTCHA_MESSAGES.unavailable } });
    });
  });

  describe('with the captcha off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'off' }, extend: guardedRoute() });
    });
    afterAll(() => t?.close());

    it('lets every request through, with or without headers', async () => {
      expect((await t.app.inject({ method: 'POST', url: GUARDED })).statusCode).toBe(200);
      const headers = { 'x-captcha-token': 'off', 'x-captcha-action': 'checkout' };
      expect((await t.app.inject({ method: 'POST', url: GUARDED, headers })).statusCode).toBe(200);
    });
  });
});
