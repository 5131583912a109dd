/** CAPTCHA_PROVIDER=off: every request passes. For tests only; main.ts warns at start. */
import type { CaptchaVerifier } from './captcha-verifier';

export function createOffVerifier(): CaptchaVerifier {
  return {
    provider: 'off',
    async verify() {},
  };
}
