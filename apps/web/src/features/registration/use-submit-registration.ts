/**
 * Sends a registration that passed the form's checks: a captcha token, an Idempotency-Key for this
 * attempt, the POST. One request at a time, whatever the number of clicks; a failure keeps the
 * form as it is and says why.
 */
import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { useCaptchaToken } from '#src/lib/captcha/use-captcha-token';
import { type GuardedSubmit, useGuardedSubmit } from '#src/lib/use-guarded-submit';
import { postRegistration } from './post-registration';
import type { RegistrationData } from './registration-form-values';

type SubmitRegistrationOptions = {
  onSubmitting: () => void;
  onRegistered: (answer: RegistrationResponse) => void;
  /** The server refused these fields (path -> message). */
  onFieldErrors: (fields: Readonly<Record<string, string>>) => void;
};

export type SubmitRegistration = GuardedSubmit<RegistrationData>;

export function useSubmitRegistration(options: SubmitRegistrationOptions): SubmitRegistration {
  const { onSubmitting, onRegistered, onFieldErrors } = options;
  const captchaToken = useCaptchaToken();
  return useGuardedSubmit({
    onStart: onSubmitting,
    captchaToken: () => captchaToken('registration'),
    prepare: (registration: RegistrationData) => registration,
    // The same data after an unclear outcome is the same attempt: the server then answers with
    // the registration it stored, instead of storing a second one.
    fingerprint: (registration) => JSON.stringify(registration),
    send: (body, { captcha, idempotencyKey }) => postRegistration({ body, captcha, idempotencyKey }),
    onAnswer: onRegistered,
    // A 4xx is definite: nothing was stored. A network error, a 5xx or an answer of the wrong
    // shape is not, so the next submit of the same data reuses the key.
    endsAttempt: (error) => error.status !== undefined && error.status >= 400 && error.status < 500,
    onFieldErrors,
    texts: { captchaNotReady: registrationMessages.captchaNotReady, failed: registrationMessages.submitFailed },
  });
}
