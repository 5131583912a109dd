/**
 * The submit of a form whose request must not happen twice (an order, an event registration, and
 * any later one: a refund, a monthly gift). One submission at a time, whatever the number of clicks;
 * a captcha token per submission; an Idempotency-Key per attempt, kept for a retry of the same data
 * (use-attempt-key.ts); then the answer, or why there is none, for under the submit button.
 *
 * The steps of a submission, in order:
 *  1. `canStart`: the page's own readiness check, before anything changes (it says why it refuses).
 *  2. `captchaToken`: a failure shows `texts.captchaNotReady`.
 *  3. `prepare`: the checked form becomes the request (the checkout exchanges the card for a nonce
 *     here). Its failures are not the server's: they show `texts.failed`.
 *  4. `send`, with the captcha token and the attempt's key. An answer ends the attempt and goes to
 *     `onAnswer`; an ApiClientError shows the server's message and hands its refused fields to
 *     `onFieldErrors`; any other failure shows `texts.failed`.
 */
import { useRef, useState } from 'react';
import { ApiClientError } from './api-client';
import type { CaptchaToken } from './captcha/captcha-client';
import { useAttemptKey } from './use-attempt-key';

/** Where a submission failed (see the steps above). */
export type SubmitStep = 'captcha' | 'prepare' | 'send';

/** What the request carries besides its body: SPEC.md §7's captcha headers and the Idempotency-Key. */
export type GuardedRequest = { captcha: CaptchaToken; idempotencyKey: string };

export type GuardedSubmitOptions<Input, Request, Answer> = {
  /** Checked once no other submission is running; false refuses this one (the page says why, e.g. a toast). */
  canStart?: () => boolean;
  /** The submission has started (the button shows it is busy). */
  onStart?: () => void;
  /** A fresh captcha token for the request's action; rejects when the captcha is not ready. */
  captchaToken: () => Promise<CaptchaToken>;
  /** The request to send, made from the checked form once the captcha has answered. */
  prepare: (input: Input, captcha: CaptchaToken) => Request | Promise<Request>;
  /**
   * The request as the server compares it, serialised: a different one is a new attempt with a new
   * key, since the server refuses a key that comes back with another body. Left out, every
   * submission is the same attempt until one gets a definite answer.
   */
  fingerprint?: (request: Request) => string;
  send: (request: Request, guard: GuardedRequest) => Promise<Answer>;
  /** The server's definite answer (the attempt is over: the next submission gets a new key). */
  onAnswer: (answer: Answer) => void;
  /** The answer takes the visitor to another page: the button stays busy meanwhile. */
  leavesPageOnAnswer?: boolean;
  /** A refusal after which the server kept nothing, so the next submission is a new attempt. */
  endsAttempt?: (error: ApiClientError) => boolean;
  /** The server refused these fields (path -> message). */
  onFieldErrors?: (fields: Readonly<Record<string, string>>) => void;
  /** What to show under the button: the captcha could not answer; anything else but the server's refusal (null: nothing). */
  texts: { captchaNotReady: string; failed: string | null };
  /**
   * Called first on every failure (e.g. for a toast). What it returns, unless undefined, is shown
   * under the button instead of the explanation above (and the server's refused fields are left alone).
   */
  onFailure?: (error: unknown, step: SubmitStep) => string | null | undefined;
};

export type GuardedSubmit<Input> = {
  submit: (input: Input) => Promise<void>;
  /** A submission is running (or its answer is taking the visitor away). */
  submitting: boolean;
  /** Why the last submission failed, for under the submit button. */
  submitError: string | null;
};

export function useGuardedSubmit<Input, Request, Answer>(
  options: GuardedSubmitOptions<Input, Request, Answer>,
): GuardedSubmit<Input> {
  const attemptKey = useAttemptKey();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // State updates land after the click; this stops a double click from sending twice.
  const busy = useRef(false);

  function explain(error: unknown, step: SubmitStep): string | null {
    const { texts, endsAttempt, onFieldErrors } = options;
    if (step === 'captcha') return texts.captchaNotReady;
    if (step !== 'send' || !(error instanceof ApiClientError)) return texts.failed;
    if (endsAttempt?.(error)) attemptKey.finish();
    if (error.fields) onFieldErrors?.(error.fields);
    return error.message;
  }

  async function submit(input: Input) {
    if (busy.current) return;
    if (options.canStart && !options.canStart()) return;
    busy.current = true;
    setSubmitting(true);
    setSubmitError(null);
    options.onStart?.();
    let step: SubmitStep = 'captcha';
    try {
      const captcha = await options.captchaToken();
      step = 'prepare';
      const request = await options.prepare(input, captcha);
      step = 'send';
      const idempotencyKey = attemptKey.get(options.fingerprint?.(request));
      const answer = await options.send(request, { captcha, idempotencyKey });
      attemptKey.finish();
      options.onAnswer(answer);
      if (options.leavesPageOnAnswer) return;
    } catch (error) {
      const instead = options.onFailure?.(error, step);
      setSubmitError(instead === undefined ? explain(error, step) : instead);
    }
    busy.current = false;
    setSubmitting(false);
  }

  return { submit, submitting, submitError };
}
