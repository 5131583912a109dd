/**
 * Why the captcha cannot give a token (no configuration, a blocked script, no Web Crypto, a solve
 * that timed out). The message is for logs and developers; the checkout shows SPEC.md's
 * 'Captcha not ready yet.' instead.
 */
export class CaptchaError extends Error {
  override readonly name = 'CaptchaError';
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
