/**
 * reCAPTCHA v3 in the browser: Google's script (loaded once per page, at run time), then
 * grecaptcha.execute(siteKey, { action }) for a fresh token per action (SPEC.md §7).
 * The page's CSP allows Google's hosts only when the server runs with CAPTCHA_PROVIDER=recaptcha.
 */
import type { CaptchaClient } from './captcha-client';
import { CaptchaError, describeError } from './captcha-error';

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): PromiseLike<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';

/** Script download plus grecaptcha.ready on a slow phone network. */
const READY_TIMEOUT_MS = 15_000;

/** One script per site key and page; a failed load is forgotten so that a retry loads it again. */
const loading = new Map<string, Promise<Grecaptcha>>();

function loadScript(siteKey: string): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (message: string) => {
      clearTimeout(timer);
      script.remove();
      reject(new CaptchaError(message));
    };
    const timer = setTimeout(() => fail('reCAPTCHA did not get ready in time.'), READY_TIMEOUT_MS);
    script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.addEventListener('error', () => fail('Could not load the reCAPTCHA script (blocked or offline).'));
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) return fail('The reCAPTCHA script loaded without defining grecaptcha.');
      grecaptcha.ready(() => {
        clearTimeout(timer);
        resolve(grecaptcha);
      });
    });
    document.head.appendChild(script);
  });
}

function loadGrecaptcha(siteKey: string): Promise<Grecaptcha> {
  let promise = loading.get(siteKey);
  if (!promise) {
    promise = loadScript(siteKey);
    loading.set(siteKey, promise);
    promise.catch(() => loading.delete(siteKey));
  }
  return promise;
}

export async function loadRecaptchaClient(siteKey: string): Promise<CaptchaClient> {
  const grecaptcha = await loadGrecaptcha(siteKey);
  return {
    async execute(action) {
      let token: string;
      try {
        token = await grecaptcha.execute(siteKey, { action });
      } catch (error) {
        throw new CaptchaError(`reCAPTCHA could not make a token: ${describeError(error)}`, { cause: error });
      }
      if (typeof token !== 'string' || token === '') throw new CaptchaError('reCAPTCHA answered an empty token.');
      return { token, action };
    },
  };
}
