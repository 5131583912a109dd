/**
 * The guard a route puts in front of its handler:
 *
 *   app.get('/api/public/payment/token', { preHandler: captchaPreHandler(captcha, 'payment_token') }, handler)
 *
 * Token and action come from the X-Captcha-Token / X-Captcha-Action headers (DESIGN.md). A refusal
 * is thrown as an AppError (403 captcha_failed, or 503 captcha_unavailable), so the handler never runs.
 */

import {
  CAPTCHA_ACTION_HEADER as ACTION,
  type CaptchaAction,
  CAPTCHA_TOKEN_HEADER as TOKEN,
} from '@store/shared/captcha';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CaptchaVerifier } from './captcha-verifier';

/** Node lowercases incoming header names. */
export const CAPTCHA_TOKEN_HEADER = TOKEN.toLowerCase() as Lowercase<typeof TOKEN>;
export const CAPTCHA_ACTION_HEADER = ACTION.toLowerCase() as Lowercase<typeof ACTION>;

/** The guarded route's header schema (its API documentation): both optional, the verifier decides. */
export const captchaHeaders = {
  [CAPTCHA_TOKEN_HEADER]: z.string().optional(),
  [CAPTCHA_ACTION_HEADER]: z.string().optional(),
};

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
      token: singleHeader(request, CAPTCHA_TOKEN_HEADER),
      action: singleHeader(request, CAPTCHA_ACTION_HEADER),
      expectedAction: action,
      remoteIp: request.ip,
    });
  };
}
