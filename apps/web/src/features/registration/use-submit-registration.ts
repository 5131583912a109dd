/**
 * Sends a registration that passed the form's checks: a captcha token, an Idempotency-Key for this
 * attempt, the POST. One request at a time, whatever the number of clicks; a failure keeps the
 * form as it is and says why.
 */
import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { useRef, useState } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { useCaptchaToken } from '#src/lib/captcha/use-captcha-token';
import { useAttemptKey } from '#src/lib/use-attempt-key';
import { postRegistration } from './post-registration';
import type { RegistrationData } from './registration-form-values';

type SubmitRegistrationOptions = {
  onSubmitting: () => void;
  onRegistered: (answer: RegistrationResponse) => void;
  /** The server refused these fields (path -> message). */
  onFieldErrors: (fields: Readonly<Record<string, string>>) => void;
};

export type SubmitRegistration = {
  submit: (registration: RegistrationData) => Promise<void>;
  submitting: boolean;
  /** Why the last attempt failed, for under the Submit button. */
  submitError: string | null;
};

export function useSubmitRegistration(options: SubmitRegistrationOptions): SubmitRegistration {
  const { onSubmitting, onRegistered, onFieldErrors } = options;
  const captchaToken = useCaptchaToken();
  const attemptKey = useAttemptKey();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // State updates land after the click; this stops a double click from sending two registrations.
  const busy = useRef(false);

  async function submit(registration: RegistrationData) {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setSubmitError(null);
    onSubmitting();
    try {
      const captcha = await captchaToken('registration').catch(() => null);
      if (!captcha) return void setSubmitError(registrationMessages.captchaNotReady);
      // The same data after an unclear outcome is the same attempt: the server then answers with
      // the registration it stored, instead of storing a second one.
      const idempotencyKey = attemptKey.get(JSON.stringify(registration));
      const answer = await postRegistration({ body: registration, captcha, idempotencyKey });
      attemptKey.finish();
      onRegistered(answer);
    } catch (error) {
      if (error instanceof ApiClientError) {
        // A 4xx is definite: nothing was stored. A network error, a 5xx or an answer of the wrong
        // shape is not, so the next submit of the same data reuses the key.
        if (error.status !== undefined && error.status >= 400 && error.status < 500) attemptKey.finish();
        setSubmitError(error.message);
        if (error.fields) onFieldErrors(error.fields);
      } else {
        setSubmitError(registrationMessages.submitFailed);
      }
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { submit, submitting, submitError };
}
