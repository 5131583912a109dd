/**
 * POST /api/public/payment/checkout (SPEC.md §7). 200 and 402 are answers (`success` true or false);
 * every other status throws an ApiClientError carrying the server's message and field errors.
 */
import { type CheckoutRequest, type CheckoutResponse, checkoutResponseSchema } from '@store/shared/checkout';
import { sendJson } from '#src/lib/api-client';
import { type CaptchaToken, captchaHeaders } from '#src/lib/captcha/captcha-client';

export const CHECKOUT_PATH = '/api/public/payment/checkout';

type PostCheckoutInput = { body: CheckoutRequest; captcha: CaptchaToken; idempotencyKey: string };

export function postCheckout({ body, captcha, idempotencyKey }: PostCheckoutInput): Promise<CheckoutResponse> {
  return sendJson(CHECKOUT_PATH, body, async () => checkoutResponseSchema, {
    headers: { ...captchaHeaders(captcha), 'Idempotency-Key': idempotencyKey },
    // 402 Payment Required: the card was declined, a definite answer rather than an error.
    answerStatuses: [402],
  });
}
