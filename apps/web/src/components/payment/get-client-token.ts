/** GET /api/public/payment/token (SPEC.md §7): the client token the card widget is built from. */
import { type ClientTokenResponse, clientTokenResponseSchema } from '@store/shared/checkout';
import { getJson } from '#src/lib/api-client';
import { type CaptchaToken, captchaHeaders } from '#src/lib/captcha/captcha-client';

export const CLIENT_TOKEN_PATH = '/api/public/payment/token';

export function getClientToken(captcha: CaptchaToken): Promise<ClientTokenResponse> {
  // An answer without a clientToken fails the schema, which SPEC.md §8 treats like a failed fetch.
  return getJson(CLIENT_TOKEN_PATH, async () => clientTokenResponseSchema, { headers: captchaHeaders(captcha) });
}
