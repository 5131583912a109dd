/**
 * The browser side of the captcha (SPEC.md §6: invisible, a token per action). The provider
 * (ALTCHA proof of work by default, reCAPTCHA v3 when configured, or off) is chosen by the server.
 * Token and action go to the API as `X-Captcha-Token` / `X-Captcha-Action`.
 */
import { CAPTCHA_ACTION_HEADER, CAPTCHA_TOKEN_HEADER, type CaptchaAction } from '@store/shared/captcha';

export type CaptchaToken = { token: string; action: CaptchaAction };

export interface CaptchaClient {
  /** Resolves a fresh single-use token for the action; rejects when the captcha cannot answer. */
  execute(action: CaptchaAction): Promise<CaptchaToken>;
}

export function captchaHeaders({ token, action }: CaptchaToken): Record<string, string> {
  return { [CAPTCHA_TOKEN_HEADER]: token, [CAPTCHA_ACTION_HEADER]: action };
}
