/**
 * What the page's Content-Security-Policy must allow for the captcha (plugins/security-headers.ts).
 * ALTCHA needs nothing: its solver is our own script, using crypto.subtle on the page (no worker).
 * reCAPTCHA v3: Google's script and its iframe, as Google's FAQ lists them
 * (https://developers.google.com/recaptcha/docs/faq, "I'm using Content Security Policy").
 */
import type { CaptchaConfig } from '#src/config';
import type { CspSources } from '#src/plugins/security-headers';

const RECAPTCHA_HOSTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];

export function captchaCspSources(captcha: CaptchaConfig): CspSources {
  if (captcha.provider !== 'recaptcha') return {};
  return {
    scriptSrc: RECAPTCHA_HOSTS,
    frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connectSrc: RECAPTCHA_HOSTS,
  };
}
