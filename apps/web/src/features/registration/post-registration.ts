/**
 * POST /api/public/registrations: 201 (stored) or 200 (the same attempt answered again, header
 * Idempotent-Replayed) carry the registration number; every other status throws an ApiClientError
 * with the server's message and, for a 400, the refused fields.
 */
import type { RegistrationResponse } from '@store/shared/registration';
import { sendJson } from '#src/lib/api-client';
import { type CaptchaToken, captchaHeaders } from '#src/lib/captcha/captcha-client';
import type { RegistrationData } from './registration-form-values';
import { loadRegistrationSchemas } from './registration-schemas';

export const REGISTRATIONS_PATH = '/api/public/registrations';

type PostRegistrationInput = { body: RegistrationData; captcha: CaptchaToken; idempotencyKey: string };

export function postRegistration({
  body,
  captcha,
  idempotencyKey,
}: PostRegistrationInput): Promise<RegistrationResponse> {
  return sendJson(REGISTRATIONS_PATH, body, async () => (await loadRegistrationSchemas()).registrationResponseSchema, {
    headers: { ...captchaHeaders(captcha), 'Idempotency-Key': idempotencyKey },
  });
}
