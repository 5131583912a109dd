/**
 * loadCaptchaClient against a stubbed fetch. The ALTCHA challenge is a real one made by altcha-lib
 * here (as the server makes it), so the token must pass altcha-lib's own verification.
 */
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { jsonResponse } from '#src/test/render-app';
import { CaptchaError } from './captcha-error';
import { loadCaptchaClient } from './load-captcha-client';

const SECRETS = { hmacSignatureSecret: 'test-signature-secret', hmacKeySignatureSecret: 'test-key-secret' };

function makeChallenge() {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 100,
    counter: 25,
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    ...SECRETS,
  });
}

type Routes = Record<string, () => Response | Promise<Response>>;

function stubApi(routes: Routes) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const answer = routes[String(input)];
    if (!answer) throw new Error(`unexpected request ${String(input)}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const config = (captcha: Record<string, unknown>) => () =>
  jsonResponse({ captcha, paymentGateway: 'sandbox', authBaseUrl: '/auth' });

describe('loadCaptchaClient', () => {
  test('altcha: each execute fetches a fresh challenge and answers a token that verifies', async () => {
    const fetchMock = stubApi({
      '/api/public/client-config': config({ provider: 'altcha' }),
      '/api/public/captcha/challenge': async () => jsonResponse(await makeChallenge()),
    });
    const client = await loadCaptchaClient();

    const first = await client.execute('payment_token');
    const second = await client.execute('checkout');
    expect(first.action).toBe('payment_token');
    expect(second.action).toBe('checkout');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/public/client-config',
      '/api/public/captcha/challenge',
      '/api/public/captcha/challenge',
    ]);

    for (const { token } of [first, second]) {
      const { challenge, solution } = JSON.parse(atob(token));
      expect(solution.counter).toBe(25);
      const result = await verifySolution({ challenge, solution, deriveKey, ...SECRETS });
      expect(result).toMatchObject({ verified: true, expired: false });
    }
    expect(first.token).not.toBe(second.token);
  });

  test('altcha: a challenge that cannot be fetched rejects execute with a CaptchaError', async () => {
    stubApi({
      '/api/public/client-config': config({ provider: 'altcha' }),
      '/api/public/captcha/challenge': () =>
        jsonResponse({ error: { code: 'not_found', message: 'No challenges here.' } }, 404),
    });
    const client = await loadCaptchaClient();
    const error = await client.execute('checkout').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptchaError);
    expect(error).toMatchObject({ message: 'Could not get a captcha challenge: No challenges here.' });
  });

  test('altcha: refuses to get ready without Web Crypto (plain http on a non-local address)', async () => {
    stubApi({ '/api/public/client-config': config({ provider: 'altcha' }) });
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    await expect(loadCaptchaClient()).rejects.toThrow(/secure \(https\) connection/);
  });

  test("off: answers the constant token 'off' for any action, without further requests", async () => {
    const fetchMock = stubApi({ '/api/public/client-config': config({ provider: 'off' }) });
    const client = await loadCaptchaClient();
    await expect(client.execute('checkout')).resolves.toEqual({ token: 'off', action: 'checkout' });
    await expect(client.execute('payment_token')).resolves.toEqual({ token: 'off', action: 'payment_token' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('rejects with a CaptchaError when the configuration cannot be read', async () => {
    stubApi({ '/api/public/client-config': () => Promise.reject(new TypeError('Failed to fetch')) });
    const offline = await loadCaptchaClient().catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(CaptchaError);
    expect(offline).toMatchObject({
      message: 'Captcha not ready: Could not reach the server. Check your connection and try again.',
    });

    stubApi({ '/api/public/client-config': config({ provider: 'hcaptcha' }) });
    await expect(loadCaptchaClient()).rejects.toThrow(/Captcha not ready: .*unexpected shape/);
  });
});

describe('loadCaptchaClient with reCAPTCHA', () => {
  afterEach(() => {
    for (const script of document.head.querySelectorAll('script')) script.remove();
    delete window.grecaptcha;
  });

  /** jsdom loads no external script: find the tag the client added and play the browser's part. */
  async function scriptTag(siteKey: string): Promise<HTMLScriptElement> {
    const src = `https://www.google.com/recaptcha/api.js?render=${siteKey}`;
    await vi.waitFor(() => expect(document.head.querySelector(`script[src="${src}"]`)).not.toBeNull());
    return document.head.querySelector(`script[src="${src}"]`) as HTMLScriptElement;
  }

  test("loads Google's script once, waits for ready, and executes per action", async () => {
    stubApi({ '/api/public/client-config': config({ provider: 'recaptcha', siteKey: 'site-a' }) });
    const execute = vi.fn(async (_key: string, { action }: { action: string }) => `google-${action}`);
    const loading = loadCaptchaClient();
    const script = await scriptTag('site-a');
    window.grecaptcha = { ready: (callback) => setTimeout(callback, 0), execute };
    script.dispatchEvent(new Event('load'));
    const client = await loading;

    await expect(client.execute('checkout')).resolves.toEqual({ token: 'google-checkout', action: 'checkout' });
    expect(execute).toHaveBeenCalledWith('site-a', { action: 'checkout' });
    // A second load (e.g. the checkout reopened) reuses the script.
    await loadCaptchaClient();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  test('rejects with a CaptchaError when the script is blocked, and loads it again on retry', async () => {
    stubApi({ '/api/public/client-config': config({ provider: 'recaptcha', siteKey: 'site-b' }) });
    const loading = loadCaptchaClient();
    (await scriptTag('site-b')).dispatchEvent(new Event('error'));
    const error = await loading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CaptchaError);
    expect(error).toMatchObject({ message: 'Could not load the reCAPTCHA script (blocked or offline).' });
    expect(document.head.querySelector('script')).toBeNull();

    const retry = loadCaptchaClient();
    expect(await scriptTag('site-b')).not.toBeNull();
    (await scriptTag('site-b')).dispatchEvent(new Event('error'));
    await expect(retry).rejects.toBeInstanceOf(CaptchaError);
  });
});
