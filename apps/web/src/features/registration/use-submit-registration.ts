/**
 * Sends a registration that passed the form's checks: a captcha token, an Idempotency-Key for this
 * attempt, the POST. One request at a time, whatever the number of clicks; a failure keeps the
 * form as it is and says why.
 */
import type { RegistrationResponse } from '@store/shared/registration';
import { registrationMessages } from '@store/shared/registration-rules';
import { useRef } from 'react';
import { ApiClientError } from '#src/lib/api-client';
import { useCaptchaToken } from '#src/lib/captcha/use-captcha-token';
import { type GuardedSubmit, useGuardedSubmit } from '#src/lib/use-guarded-submit';
import { postRegistration } from './post-registration';
import type { RegistrationData } from './registration-form-values';

type SubmitRegistrationOptions = {
  onSubmitting: () => void;
  onRegistered: (answer: RegistrationResponse) => void;
  /** The server refused these fields (path -> message). */
  onFieldErrors: (fields: Readonly<Record<string, string>>) => void;
  /**
   * What to ask of a session without places for everyone: 'waitlist' when the family chose to wait
   * (a full session chosen on purpose, or "Put everyone on the waiting list"), else 'refuse'.
   */
  ifFullFor: (sessionId: number) => 'refuse' | 'waitlist';
  /** The 409 `not_enough_places`: nothing was stored; `message` says how many places are left. */
  onNotEnoughPlaces: (sessionId: number, message: string) => void;
};

export type SubmitRegistration = GuardedSubmit<RegistrationData>;

export function useSubmitRegistration(options: SubmitRegistrationOptions): SubmitRegistration {
  const { onSubmitting, onRegistered, onFieldErrors, ifFullFor, onNotEnoughPlaces } = options;
  const captchaToken = useCaptchaToken();
  // The session of the request in flight: the refusal names no session, the request did.
  const sentSession = useRef(0);
  return useGuardedSubmit({
    onStart: onSubmitting,
    captchaToken: () => captchaToken('registration'),
    prepare: (registration: RegistrationData) => {
      sentSession.current = registration.sessionId;
      return { ...registration, ifFull: ifFullFor(registration.sessionId) };
    },
    // The same data after an unclear outcome is the same attempt: the server then answers with
    // the registration it stored, instead of storing a second one. Joining the waiting list after a
    // refusal is other data, so a new attempt with a new key.
    fingerprint: (registration) => JSON.stringify(registration),
    send: (body, { captcha, idempotencyKey }) => postRegistration({ body, captcha, idempotencyKey }),
    onAnswer: onRegistered,
    // A 4xx is definite: nothing was stored. A network error, a 5xx or an answer of the wrong
    // shape is not, so the next submit of the same data reuses the key.
    endsAttempt: (error) => error.status !== undefined && error.status >= 400 && error.status < 500,
    onFieldErrors,
    onFailure: (error, step) => {
      if (step === 'send' && error instanceof ApiClientError && error.code === 'not_enough_places') {
        onNotEnoughPlaces(sentSession.current, error.fields?.sessionId ?? error.message);
      }
      // The usual explanation still runs: it ends the attempt (a 4xx) and keeps the message.
      return undefined;
    },
    texts: { captchaNotReady: registrationMessages.captchaNotReady, failed: registrationMessages.submitFailed },
  });
}
