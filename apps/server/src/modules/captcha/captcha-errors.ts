/**
 * The captcha's answers to the visitor. Every refusal is a 403 `captcha_failed` whose message says
 * what to do; an unreachable provider is a 503 `captcha_unavailable` (not the visitor's fault).
 */
import { AppError } from '#src/errors/app-error';
import type { CaptchaCheck } from './captcha-verifier';

export const CAPTCHA_MESSAGES = {
  missing: 'Captcha missing. Please reload the page and try again.',
  failed: 'Captcha check failed. Please try again.',
  replayed: 'Captcha already used. Please try again.',
  expired: 'Captcha expired. Please try again.',
  wrongAction: 'Captcha was made for another action. Please try again.',
  unavailable: 'The captcha service is not answering. Please try again in a moment.',
} as const;

export function captchaFailed(reason: Exclude<keyof typeof CAPTCHA_MESSAGES, 'unavailable'>): AppError {
  return new AppError('captcha_failed', CAPTCHA_MESSAGES[reason]);
}

export function captchaUnavailable(cause?: unknown): AppError {
  return new AppError('captcha_unavailable', CAPTCHA_MESSAGES.unavailable, { cause });
}

/**
 * The checks every real provider makes first: a token is present, and the client says it is for
 * this route's action (so a token fetched for one use is not spent on another unnoticed).
 */
export function assertTokenAndAction(check: CaptchaCheck): string {
  if (check.token === undefined || check.token.trim() === '') throw captchaFailed('missing');
  if (check.action !== check.expectedAction) throw captchaFailed('wrongAction');
  return check.token;
}
