/**
 * describeStaffFailure for a page inside the shell: a 401 also ends the session here, so the member
 * lands on the sign-in form with staffMessages.signedOut (the page they were on stays in the URL).
 */
import { useCallback } from 'react';
import { useAdmin } from './admin-context';
import { describeStaffFailure, type StaffFailure } from './staff-failure';

export function useStaffFailure(): (error: unknown) => StaffFailure {
  const { expire } = useAdmin();
  return useCallback(
    (error: unknown) => {
      const failure = describeStaffFailure(error);
      if (failure.status === 401) expire();
      return failure;
    },
    [expire],
  );
}
