/**
 * The guard a route puts in front of its handler:
 *
 *   app.get('/api/public/payment/token', { preHandler: captchaPreHandler(captcha, 'payment_token') }, handler)
 *
 * Token and action come from the X-Captcha-Token / X-Captcha-Action headers (DESIGN.md). A refusal
 * is thrown as an AppError (403 captcha_failed, or 503 captcha_unavailable), so the handler never runs.
 */
import type { FastifyRequest } from 'fastify';
import type { CaptchaAction, CaptchaVerifier } from './captcha-verifier';

/** A header sent twice arrives as a list: that is not a token we issued. */
function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export function captchaPreHandler(
  verifier: CaptchaVerifier,
  action: CaptchaAction,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    await verifier.verify({
      token: singleHeader(request, 'x-captcha-token'),
      action: singleHeader(request, 'x-captcha-action'),
      expectedAction: action,
      remoteIp: request.ip,
    });
  };
}
