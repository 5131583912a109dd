/**
 * The submit of a call that moves money (a refund, an offline gift): one at a time however many
 * clicks, with an Idempotency-Key per attempt (lib/use-attempt-key.ts). A retry of the same request
 * after no answer, a 5xx or a 502 from the gateway sends the same key, so the server answers with
 * the first attempt's result instead of refunding twice; a refusal (4xx) kept nothing, so the next
 * submit is a new attempt.
 */
import { useRef, useState } from 'react';
import { useAttemptKey } from '#src/lib/use-attempt-key';
import { isRefusal, type StaffFailure } from './staff-failure';
import { useStaffFailure } from './use-staff-failure';

export function useMoneySubmit<Request, Answer>(send: (request: Request, idempotencyKey: string) => Promise<Answer>) {
  const attemptKey = useAttemptKey();
  const describe = useStaffFailure();
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  /** The answer, or the failure to show; null when another submit is still running. */
  async function submit(request: Request): Promise<{ answer: Answer } | { failure: StaffFailure } | null> {
    if (busy.current) return null;
    busy.current = true;
    setSubmitting(true);
    try {
      const answer = await send(request, attemptKey.get(JSON.stringify(request)));
      attemptKey.finish();
      return { answer };
    } catch (error) {
      const failure = describe(error);
      if (isRefusal(failure)) attemptKey.finish();
      return { failure };
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  }

  return { submit, submitting };
}
