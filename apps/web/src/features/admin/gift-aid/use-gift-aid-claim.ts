/**
 * The claim of the chosen quarter, loaded again whenever the quarter changes; the answer for a
 * quarter left behind is dropped (aborted), so a slow one never shows under another's name.
 */
import type { GiftAidClaim } from '@store/shared/gift-aid-claim';
import { useEffect, useState } from 'react';
import { useStaffFailure } from '../use-staff-failure';
import { getGiftAidClaim } from './gift-aid-api';

export type ClaimState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; claim: GiftAidClaim };

export function useGiftAidClaim(quarter: string): { state: ClaimState; retry: () => void } {
  const describe = useStaffFailure();
  const [state, setState] = useState<ClaimState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // `attempt` is read so that "Try again" runs this effect anew for the same quarter.
    void attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getGiftAidClaim(quarter, controller.signal).then(
      (claim) => {
        if (!controller.signal.aborted) setState({ status: 'ready', claim });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: describe(error).message });
      },
    );
    return () => controller.abort();
  }, [quarter, attempt, describe]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
