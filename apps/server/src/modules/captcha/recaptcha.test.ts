import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '#src/logger';
import { type FakeSiteverify, startFakeSiteverify } from '../../../test/fake-siteverify';
import { CAPTCHA_MESSAGES } from './captcha-errors';
import type { CaptchaCheck } from './captcha-verifier';
import { createRecaptchaVerifier, RECAPTCHA_SITEVERIFY_URL } from './recaptcha';

/** A port nothing listens on: connections are refused, as when the provider is down. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/recaptcha/api/siteverify`;
}

describe('reCAPTCHA v3 verifier', () => {
  let fake: FakeSiteverify;
  const logger = createLogger('silent');
  const verifier = (options: { siteverifyUrl?: string; timeoutMs?: number } = {}) =>
    createRecaptchaVerifier({
      secretKey: 'test-secret-key',
      minScore: 0.5,
      logger,
      siteverifyUrl: fake.url,
      ...options,
    });
  const check: CaptchaCheck = {
    token: 'google-token',
    action: 'checkout',
    expectedAction: 'checkout',
    remoteIp: '203.0.113.7',
  };
  const google = (body: Record<string, unknown>) => {
    fake.answer = { status: 200, body: { challenge_ts: '2026-11-01T10:00:00Z', hostname: 'localhost', ...body } };
  };
  const refused = (message: string) => ({ code: 'captcha_failed', status: 403, message });
  const unavailable = { code: 'captcha_unavailable', status: 503, message: CAPTCHA_MESSAGES.unavailable };

  beforeAll(async () => {
    fake = await startFakeSiteverify();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it("posts Google's form (secret, response, remoteip) to siteverify, by default at Google", async () => {
    expect(RECAPTCHA_SITEVERIFY_URL).toBe('https://www.google.com/recaptcha/api/siteverify');
    google({ success: true, score: 0.9, action: 'checkout' });
    await expect(verifier().verify(check)).resolves.toBeUndefined();
    expect(fake.requests).toHaveLength(1);
    expect(Object.fromEntries(fake.requests[0] ?? [])).toEqual({
      secret: 'test-secret-key',
      response: 'google-token',
      remoteip: '203.0.113.7',
    });
  });

  it('accepts a score at the threshold, without a hostname in the answer', async () => {
    fake.answer = { status: 200, body: { success: true, score: 0.5, action: 'checkout' } };
    await expect(verifier().verify(check)).resolves.toBeUndefined();
  });

  it('refuses a low score, or an answer without a score (not a v3 key)', async () => {
    google({ success: true, score: 0.3, action: 'checkout' });
    await expect(verifier().verify(check)).rejects.toMatchObject(refused(CAPTCHA_MESSAGES.failed));
    google({ success: true, action: 'checkout' });
    await expect(verifier().verify(check)).rejects.toMatchObject(refused(CAPTCHA_MESSAGES.failed));
  });

  it('refuses a token Google made for another action, whatever the header says', async () => {
    google({ success: true, score: 0.9, action: 'payment_token' });
    await expect(verifier().verify(check)).rejects.toMatchObject(refused(CAPTCHA_MESSAGES.wrongAction));
  });

  it('refuses a header claiming another action before asking Google', async () => {
    await expect(verifier().verify({ ...check, action: 'registration' })).rejects.toMatchObject(
      refused(CAPTCHA_MESSAGES.wrongAction),
    );
    await expect(verifier().verify({ ...check, token: undefined })).rejects.toMatchObject(
      refused(CAPTCHA_MESSAGES.missing),
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses success=false: a bad token, or one used or expired', async () => {
    google({ success: false, 'error-codes': ['invalid-input-response'] });
    await expect(verifier().verify(check)).rejects.toMatchObject(refused(CAPTCHA_MESSAGES.failed));
    google({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    await expect(verifier().verify(check)).rejects.toMatchObject(refused(CAPTCHA_MESSAGES.expired));
    google({ success: false });
    await expect(verifier().verify(check)).rejects.toMatchObject(refused(CAPTCHA_MESSAGES.failed));
  });

  it('answers 503 when Google says our secret is wrong (not the visitor’s fault)', async () => {
    google({ success: false, 'error-codes': ['invalid-input-secret'] });
    await expect(verifier().verify(check)).rejects.toMatchObject(unavailable);
  });

  it('answers 503 captcha_unavailable when the provider is down, failing, slow or garbled', async () => {
    await expect(verifier({ siteverifyUrl: await closedPortUrl() }).verify(check)).rejects.toMatchObject(unavailable);
    fake.answer = { status: 500, body: { error: 'internal' } };
    await expect(verifier().verify(check)).rejects.toMatchObject(unavailable);
    fake.answer = 'not-json';
    await expect(verifier().verify(check)).rejects.toMatchObject(unavailable);
    fake.answer = { status: 200, body: { score: 0.9 } };
    await expect(verifier().verify(check)).rejects.toMatchObject(unavailable);
    fake.answer = 'hang';
    const started = Date.now();
    await expect(verifier({ timeoutMs: 200 }).verify(check)).rejects.toMatchObject(unavailable);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
