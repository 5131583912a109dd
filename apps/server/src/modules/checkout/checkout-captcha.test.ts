/**
 * The payment calls behind the captcha (CAPTCHA_PROVIDER=altcha, the default): without a solved
 * challenge for the right action they answer 403 and nothing is stored or charged.
 */
import { randomUUID } from 'node:crypto';
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { checkoutBody, countRows, postCheckout } from '../../../test/checkout-helpers';
import { solvedAltchaToken } from '../../../test/solve-altcha';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('payment calls with ALTCHA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
  });
  afterAll(() => t?.close());

  async function captchaToken(): Promise<string> {
    const res = await t.app.inject({ url: '/api/public/captcha/challenge' });
    return solvedAltchaToken(altchaChallengeSchema.parse(res.json()));
  }

  it('refuses the client token without a captcha: 403', async () => {
    const res = await t.app.inject({ url: '/api/public/payment/token' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('captcha_failed');
  });

  it('refuses a checkout without X-Captcha-Token: 403, nothing stored', async () => {
    const before = await countRows(t.testDb.db);
    const res = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce') });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('captcha_failed');
    expect(await countRows(t.testDb.db)).toEqual(before);
  });

  it('refuses a token solved for another action', async () => {
    const headers = { 'x-captcha-token': await captchaToken(), 'x-captcha-action': 'payment_token' };
    const res = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), headers });
    expect(res.statusCode).toBe(403);
  });

  it('charges with a solved captcha, and refuses the same solution again', async () => {
    const headers = { 'x-captcha-token': await captchaToken(), 'x-captcha-action': 'checkout' };
    const res = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), headers });
    expect(res.statusCode).toBe(200);
    const before = await countRows(t.testDb.db);
    const replayed = await postCheckout(t.app, { body: checkoutBody('fake-valid-nonce'), key: randomUUID(), headers });
    expect(replayed.statusCode).toBe(403);
    expect(await countRows(t.testDb.db)).toEqual(before);
  });
});
