/**
 * The contract every captcha provider meets (CAPTCHA_PROVIDER: altcha | recaptcha | off).
 * Token and action travel in the `X-Captcha-Token` / `X-Captcha-Action` headers (DESIGN.md).
 * `verify` resolves when the request may go on and throws an AppError 403 (code `captcha_failed`,
 * a clear message) when the captcha is missing, bad, replayed, for another action or scored too low.
 */
import type { CaptchaAction } from '@store/shared/captcha';

export type CaptchaCheck = {
  token: string | undefined;
  /** What the client says the token is for (X-Captcha-Action). */
  action: string | undefined;
  /** What this route requires. */
  expectedAction: CaptchaAction;
  remoteIp: string;
};

export interface CaptchaVerifier {
  readonly provider: 'altcha' | 'recaptcha' | 'off';
  verify(check: CaptchaCheck): Promise<void>;
}
