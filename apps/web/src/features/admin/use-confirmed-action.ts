/**
 * The state of a back-office action that is reviewed, then confirmed (review-form.tsx, then
 * confirm-step.tsx): the fields' errors, the last failure, the request waiting for its confirmation
 * and whether it is on its way. `confirm` runs the waiting request once; a failure goes back to the
 * form with the server's reasons by field.
 */
import { useState } from 'react';
import type { FieldErrors } from './check-request';
import { useStaffFailure } from './use-staff-failure';

export function useConfirmedAction<Request>() {
  const describe = useStaffFailure();
  const [fields, setFields] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Request | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm(run: (request: Request) => Promise<void>) {
    if (confirming === null || pending) return;
    setPending(true);
    try {
      await run(confirming);
      setConfirming(null);
    } catch (error) {
      const failed = describe(error);
      setFields(failed.fields);
      setFailure(failed.message);
      setConfirming(null);
    }
    setPending(false);
  }

  return { fields, setFields, failure, setFailure, confirming, setConfirming, pending, confirm };
}
