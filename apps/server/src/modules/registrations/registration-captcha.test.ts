/**
 * POST /api/public/registrations behind the captcha (CAPTCHA_PROVIDER=altcha, the default): without a
 * solved challenge for the `registration` action it answers 403 and nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import { altchaChallengeSchema } from '@store/shared/altcha-challenge';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createSession } from '../../../test/event-session-helpers';
import { adultRegistrant, countRegistrationRows, postRegistration } from '../../../test/registration-helpers';
import { solvedAltchaToken } from '../../../test/solve-altcha';
import { describeWithDb } from '../../../test/test-db';

describeWithDb('POST /api/public/registrations with ALTCHA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
    body = { sessionId: (await createSession(t.testDb.db)).id, registrants: [adultRegistrant()] };
  });
  afterAll(() => t?.close());

  let body: object;

  async function captchaToken(): Promise<string> {
    const res = await t.app.inject({ url: '/api/public/captcha/challenge' });
    return solvedAltchaToken(altchaChallengeSchema.parse(res.json()));
  }

  it.each([
    ['no X-Captcha-Token', {}],
    ['a garbled token', { 'x-captcha-token': 'bm90IGEgdG9rZW4=', 'x-captcha-action': 'registration' }],
  ])('refuses %s: 403, nothing stored', async (_name, headers) => {
    const before = await countRegistrationRows(t.testDb.db);
    const res = await postRegistration(t.app, { body, headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('captcha_failed');
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
  });

  it('refuses a token solved for another action: 403, nothing stored', async () => {
    const before = await countRegistrationRows(t.testDb.db);
    const headers = { 'x-captcha-token': await captchaToken(), 'x-captcha-action': 'checkout' };
    const res = await postRegistration(t.app, { body, headers });
    expect(res.statusCode).toBe(403);
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
  });

  it('registers with a solved captcha, and refuses the same solution again', async () => {
    const headers = { 'x-captcha-token': await captchaToken(), 'x-captcha-action': 'registration' };
    const res = await postRegistration(t.app, { body, headers });
    expect(res.statusCode).toBe(201);
    const before = await countRegistrationRows(t.testDb.db);
    const replayed = await postRegistration(t.app, { body, key: randomUUID(), headers });
    expect(replayed.statusCode).toBe(403);
    expect(await countRegistrationRows(t.testDb.db)).toEqual(before);
  });
});
